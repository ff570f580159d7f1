import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import { describe, expect, it } from 'vitest';
import { qualifyMcpSkillNames } from './qualify-mcp-skill-names.ts';
import { type McpSkillEntry, readMcpSkillEntry } from './read-mcp-skill-entry.ts';

const digest = `sha256:${'a'.repeat(64)}`;

function skill(uri: string, name: string): Skill {
  return {
    uri,
    frontmatter: { name, description: 'A skill' },
    resources: [{ uri, digest, size: 10 }],
  };
}

function entry(uri: string, name: string): McpSkillEntry {
  const read = readMcpSkillEntry(skill(uri, name));
  if (!read.success) throw new Error(read.message);
  return read.entry;
}

describe('qualifyMcpSkillNames', () => {
  it('names each skill label: and its path segments joined by colons', () => {
    const { names, collisions } = qualifyMcpSkillNames('edge', [
      entry('skill://deploy/SKILL.md', 'deploy'),
      entry('skill://team/deploy/SKILL.md', 'deploy'),
      entry('skill://hub/team/deploy/SKILL.md', 'deploy'),
    ]);
    expect([...names.values()]).toEqual([
      'edge:deploy',
      'edge:team:deploy',
      'edge:hub:team:deploy',
    ]);
    expect(collisions).toEqual([]);
  });

  it('uses none of the entries whose paths spell one name', () => {
    const { names, collisions } = qualifyMcpSkillNames('edge', [
      entry('skill://team/deploy/SKILL.md', 'deploy'),
      entry('skill://te%61m/deploy/SKILL.md', 'deploy'),
      entry('skill://other/SKILL.md', 'other'),
    ]);
    expect([...names.values()]).toEqual(['edge:other']);
    expect(collisions).toEqual([
      {
        name: 'edge:team:deploy',
        uris: ['skill://team/deploy/SKILL.md', 'skill://te%61m/deploy/SKILL.md'],
      },
    ]);
  });
});

describe('readMcpSkillEntry', () => {
  it('maps the files relative to the skill root', () => {
    const read = readMcpSkillEntry({
      ...skill('skill://team/deploy/SKILL.md', 'deploy'),
      resources: [
        { uri: 'skill://team/deploy/SKILL.md', digest, size: 10 },
        { uri: 'skill://team/deploy/Q%26A%20notes.md', digest, size: 3 },
      ],
    });
    expect(read.success && [...read.entry.files.keys()]).toEqual(['SKILL.md', 'Q&A notes.md']);
    expect(read.success && read.entry.segments).toEqual(['team', 'deploy']);
  });

  it('cannot name an entry whose path has a segment that is not a skill name', () => {
    expect(readMcpSkillEntry(skill('https://Example.com/skills/pdf/SKILL.md', 'pdf'))).toEqual({
      success: false,
      message:
        'entry https://Example.com/skills/pdf/SKILL.md: its path segment "example.com" cannot be part of a skill name (lowercase letters, digits and single hyphens, at most 64 characters)',
    });
    expect(readMcpSkillEntry(skill('skill://a%3Ab/pdf/SKILL.md', 'pdf'))).toMatchObject({
      success: false,
      message: expect.stringContaining('its path segment "a:b"'),
    });
  });

  it('refuses a dynamic skill, which has no digests to verify', () => {
    const read = readMcpSkillEntry({
      ...skill('skill://live/SKILL.md', 'live'),
      resources: 'dynamic',
    });
    expect(read.success && read.entry.refusal).toBe(
      'its content is "dynamic": the server publishes no digests, so Skillset cannot verify it.',
    );
  });
});
