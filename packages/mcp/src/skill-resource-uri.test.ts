import { describe, expect, it } from 'vitest';
import { parseSkillResourceUri, skillResourceUri } from './skill-resource-uri.ts';

describe('skillResourceUri', () => {
  it('round-trips paths with spaces and nested folders', () => {
    const uri = skillResourceUri({ skill: 'pdf', path: 'references/api notes.md' });
    expect(uri).toBe('skill://pdf/references/api%20notes.md');
    expect(parseSkillResourceUri(uri)).toEqual({ skill: 'pdf', path: 'references/api notes.md' });
  });

  it('rejects URIs that do not name a skill file', () => {
    expect(parseSkillResourceUri('file:///etc/passwd')).toBeUndefined();
    expect(parseSkillResourceUri('skill://pdf')).toBeUndefined();
    expect(parseSkillResourceUri('skill://pdf/')).toBeUndefined();
    expect(parseSkillResourceUri('skill://pdf/%E0%A4%A')).toBeUndefined();
  });
});
