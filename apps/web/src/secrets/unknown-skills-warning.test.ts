import { describe, expect, it } from 'vitest';
import { unknownSkillsWarning } from './unknown-skills-warning.ts';

describe('unknownSkillsWarning', () => {
  it('says nothing when every name is a skill of the workspace', () => {
    expect(unknownSkillsWarning([], [])).toBeUndefined();
    expect(unknownSkillsWarning(['deploy-app'], ['deploy-app', 'release-notes'])).toBeUndefined();
  });

  it('names the one unknown skill', () => {
    expect(unknownSkillsWarning(['deploy-app', 'relea'], ['deploy-app'])).toBe(
      'No skill is named “relea” yet: once one exists, approve it here so its scripts get the secret.',
    );
  });

  it('names every unknown skill', () => {
    expect(unknownSkillsWarning(['a', 'b', 'c'], [])).toBe(
      'No skills are named “a”, “b”, or “c” yet: once they exist, approve them here so their scripts get the secret.',
    );
  });
});
