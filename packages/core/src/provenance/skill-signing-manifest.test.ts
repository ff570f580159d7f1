import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildSkillSigningManifest,
  digestSkillSigningManifest,
  serializeSkillSigningManifest,
} from './skill-signing-manifest.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe('the skill signing manifest', () => {
  it('lists every file but the signature files by path, with sha256 and size', async () => {
    const manifest = await buildSkillSigningManifest('deploy', [
      { path: 'scripts/run.sh', bytes: bytes('echo hi\n') },
      { path: 'SKILL.md', bytes: bytes('---\nname: deploy\n---\n') },
      { path: 'SKILL.sig', bytes: bytes('sig') },
      { path: 'SKILL.manifest.json', bytes: bytes('{}') },
    ]);
    expect(manifest).toEqual({
      name: 'deploy',
      files: [
        { path: 'SKILL.md', digest: sha('---\nname: deploy\n---\n'), size: 21 },
        { path: 'scripts/run.sh', digest: sha('echo hi\n'), size: 8 },
      ],
    });
    const text = serializeSkillSigningManifest(manifest);
    expect(text).toBe(
      `{"files":[{"digest":"${sha('---\nname: deploy\n---\n')}","path":"SKILL.md","size":21},` +
        `{"digest":"${sha('echo hi\n')}","path":"scripts/run.sh","size":8}],"name":"deploy"}\n`,
    );
    expect(await digestSkillSigningManifest(manifest)).toBe(sha(text.trimEnd()));
  });

  it('changes its digest when one byte of one file changes, and not when the signature is added', async () => {
    const base = [{ path: 'SKILL.md', bytes: bytes('a') }];
    const digest = await digestSkillSigningManifest(await buildSkillSigningManifest('x', base));
    const changed = await buildSkillSigningManifest('x', [{ path: 'SKILL.md', bytes: bytes('b') }]);
    const signed = await buildSkillSigningManifest('x', [
      ...base,
      { path: 'SKILL.sig', bytes: bytes('s') },
    ]);
    expect(await digestSkillSigningManifest(changed)).not.toBe(digest);
    expect(await digestSkillSigningManifest(signed)).toBe(digest);
  });
});
