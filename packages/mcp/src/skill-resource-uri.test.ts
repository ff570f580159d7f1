import { describe, expect, it } from 'vitest';
import {
  parseSkillResourceUri,
  skillResourceAddresses,
  skillResourceUri,
} from './skill-resource-uri.ts';

describe('skillResourceUri', () => {
  it('percent-encodes each segment and reads back', () => {
    const uri = skillResourceUri({ skill: 'pdf', path: 'references/api notes.md' });
    expect(uri).toBe('skill://pdf/references/api%20notes.md');
    expect(parseSkillResourceUri(uri)).toEqual({ skill: 'pdf', path: 'references/api notes.md' });
  });

  it('turns a qualified name into path segments ending in the skill name', () => {
    expect(skillResourceUri({ skill: 'team:deploy', path: 'SKILL.md' })).toBe(
      'skill://team/deploy/SKILL.md',
    );
    expect(skillResourceAddresses('skill://team/deploy/SKILL.md')).toEqual([
      { skill: 'team:deploy', path: 'SKILL.md' },
      { skill: 'team', path: 'deploy/SKILL.md' },
    ]);
    expect(skillResourceAddresses('skill://team/deploy/', true)[0]).toEqual({
      skill: 'team:deploy',
      path: '',
    });
  });

  it('refuses URIs that are not skill files', () => {
    expect(parseSkillResourceUri('file:///etc/passwd')).toBeUndefined();
    expect(parseSkillResourceUri('skill://pdf')).toBeUndefined();
    expect(parseSkillResourceUri('skill://pdf/')).toBeUndefined();
    expect(parseSkillResourceUri('skill://pdf/%E0%A4%A')).toBeUndefined();
    expect(skillResourceAddresses('skill://pdf/../secret/SKILL.md')).toEqual([]);
  });
});
