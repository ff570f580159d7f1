import { describe, expect, it } from 'vitest';
import { resolveSkillFile } from './resolve-skill-file.ts';

const files = new Set(['references/api.md', 'scripts/run.py', 'templates/my notes.md']);

describe('resolveSkillFile', () => {
  it('finds a file named relative to the skill root', () => {
    expect(resolveSkillFile('references/api.md', files)).toBe('references/api.md');
    expect(resolveSkillFile('./scripts/run.py', files)).toBe('scripts/run.py');
    expect(resolveSkillFile('/references/api.md', files)).toBe('references/api.md');
    expect(resolveSkillFile('references/../scripts/run.py', files)).toBe('scripts/run.py');
  });

  it('drops an anchor or query and decodes an encoded link', () => {
    expect(resolveSkillFile('references/api.md#errors', files)).toBe('references/api.md');
    expect(resolveSkillFile('scripts/run.py?raw=1', files)).toBe('scripts/run.py');
    expect(resolveSkillFile('templates/my%20notes.md', files)).toBe('templates/my notes.md');
  });

  it('answers undefined for unknown paths, URLs, anchors and paths above the root', () => {
    expect(resolveSkillFile('references/missing.md', files)).toBeUndefined();
    expect(resolveSkillFile('https://example.com/references/api.md', files)).toBeUndefined();
    expect(resolveSkillFile('//example.com/references/api.md', files)).toBeUndefined();
    expect(resolveSkillFile('mailto:a@example.com', files)).toBeUndefined();
    expect(resolveSkillFile('#references', files)).toBeUndefined();
    expect(resolveSkillFile('../references/api.md', files)).toBeUndefined();
    expect(resolveSkillFile('python scripts/run.py', files)).toBeUndefined();
    expect(resolveSkillFile('references/%E0%A4%A.md', files)).toBeUndefined();
    expect(resolveSkillFile('', files)).toBeUndefined();
  });
});
