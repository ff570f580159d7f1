import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSkillSigningManifest, serializeSkillSigningManifest } from '@skillset/core/authoring';
import { buildTestZip } from '../server/skills-test-support.ts';

const run = promisify(execFile);
const encoder = new TextEncoder();

/** An ed25519 key made by ssh-keygen in `folder`, with its `allowed_signers` line. */
export interface SigningKey {
  path: string;
  allowedSigner: string;
}

/** Makes a signing key for `principal` (an email) in `folder`. */
export async function createSigningKey(folder: string, principal: string): Promise<SigningKey> {
  const path = join(folder, 'key');
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path]);
  const [type, key] = (await readFile(`${path}.pub`, 'utf8')).trim().split(' ');
  return { path, allowedSigner: `${principal} ${type} ${key}` };
}

/** A ZIP of a one-file skill signed with `key` (SKILL.manifest.json and SKILL.sig beside it). */
export async function buildSignedSkillZip(
  folder: string,
  key: SigningKey,
  name: string,
  skillMd: string,
): Promise<Uint8Array> {
  const files = [{ path: 'SKILL.md', bytes: encoder.encode(skillMd) }];
  const manifest = serializeSkillSigningManifest(await buildSkillSigningManifest(name, files));
  const manifestPath = join(await mkdtemp(join(folder, `${name}-`)), 'SKILL.manifest.json');
  await writeFile(manifestPath, manifest);
  await run('ssh-keygen', ['-Y', 'sign', '-n', 'skillset', '-f', key.path, manifestPath]);
  const signed = [
    ...files,
    { path: 'SKILL.manifest.json', bytes: encoder.encode(manifest) },
    { path: 'SKILL.sig', bytes: await readFile(`${manifestPath}.sig`) },
  ];
  return buildTestZip(
    signed.map((file) => ({ name: `${name}/${file.path}`, content: file.bytes })),
  );
}
