import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSkillSigningManifest, serializeSkillSigningManifest } from '@skillset/core/authoring';

/** An SSH key made by `ssh-keygen` for a test, and its `allowed_signers` line. */
export interface TestSigningKey {
  /** The private key file (its public key is beside it, `.pub`). */
  file: string;
  /** `<principal> <keytype> <base64>`, for `trustedSigners`. */
  allowedSigner: string;
  /** `<keytype> <base64>`, for `revokedSigners`. */
  publicKey: string;
}

/** Makes an ed25519 key without a passphrase in `folder` with real `ssh-keygen`. */
export async function createTestSigningKey(
  folder: string,
  principal: string,
  name = 'key',
): Promise<TestSigningKey> {
  const file = path.join(folder, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', principal, '-f', file]);
  const [type, base64] = (await readFile(`${file}.pub`, 'utf8')).trim().split(/\s+/);
  return { file, allowedSigner: `${principal} ${type} ${base64}`, publicKey: `${type} ${base64}` };
}

async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const item of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? item.name : `${prefix}/${item.name}`;
    if (item.isDirectory()) found.push(...(await listFiles(root, relative)));
    else found.push(relative);
  }
  return found;
}

/**
 * Signs a skill folder as `skillset sign` does, with real `ssh-keygen -Y sign -n skillset`: writes
 * `SKILL.manifest.json` over the folder's current files, then `SKILL.sig` beside it.
 */
export async function signSkillWithSshKeygen(
  folder: string,
  name: string,
  key: TestSigningKey,
): Promise<void> {
  const files = [];
  for (const file of await listFiles(folder)) {
    files.push({ path: file, bytes: new Uint8Array(await readFile(path.join(folder, file))) });
  }
  const manifest = await buildSkillSigningManifest(name, files);
  const manifestFile = path.join(folder, 'SKILL.manifest.json');
  await writeFile(manifestFile, serializeSkillSigningManifest(manifest));
  execFileSync('ssh-keygen', ['-Y', 'sign', '-n', 'skillset', '-f', key.file, manifestFile], {
    stdio: 'pipe',
  });
  // ssh-keygen writes `<file>.sig`; a skill keeps its signature in SKILL.sig.
  await writeFile(path.join(folder, 'SKILL.sig'), await readFile(`${manifestFile}.sig`));
  await rm(`${manifestFile}.sig`);
}
