import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestMcpSkillManifest } from './digest-mcp-skill-manifest.ts';

const file = (uri: string, digest: string, size: number) => ({
  uri,
  digest: `sha256:${digest.repeat(64)}`,
  size,
});

const entry = {
  frontmatter: { name: 'deploy', description: 'Deploys', 'allowed-tools': 'Bash(git:*)' },
  resources: [
    file('skill://team/deploy/SKILL.md', 'a', 60),
    file('skill://team/deploy/push.sh', 'b', 9),
  ],
};

describe('digestMcpSkillManifest', () => {
  it('is sha256 of the canonical JSON of the frontmatter and the resources sorted by uri', () => {
    const canonical =
      '{"frontmatter":{"allowed-tools":"Bash(git:*)","description":"Deploys","name":"deploy"},' +
      `"resources":[{"digest":"sha256:${'a'.repeat(64)}","size":60,"uri":"skill://team/deploy/SKILL.md"},` +
      `{"digest":"sha256:${'b'.repeat(64)}","size":9,"uri":"skill://team/deploy/push.sh"}]}`;
    expect(digestMcpSkillManifest(entry)).toBe(
      `sha256:${createHash('sha256').update(canonical).digest('hex')}`,
    );
  });

  it('does not depend on key or resource order, nor on fields outside the manifest', () => {
    const reordered = {
      frontmatter: { 'allowed-tools': 'Bash(git:*)', description: 'Deploys', name: 'deploy' },
      resources: [...entry.resources]
        .reverse()
        .map((resource) => ({ ...resource, mimeType: 'text/plain' })),
    };
    expect(digestMcpSkillManifest(reordered)).toBe(digestMcpSkillManifest(entry));
  });

  it('changes with any file digest or size and with the frontmatter', () => {
    const base = digestMcpSkillManifest(entry);
    const [skillFile, script] = entry.resources;
    if (skillFile === undefined || script === undefined) throw new Error('no resources');
    expect(
      digestMcpSkillManifest({ ...entry, resources: [skillFile, file(script.uri, 'c', 9)] }),
    ).not.toBe(base);
    expect(
      digestMcpSkillManifest({ ...entry, resources: [skillFile, { ...script, size: 10 }] }),
    ).not.toBe(base);
    expect(
      digestMcpSkillManifest({
        ...entry,
        frontmatter: { ...entry.frontmatter, 'allowed-tools': 'Bash(*)' },
      }),
    ).not.toBe(base);
  });
});
