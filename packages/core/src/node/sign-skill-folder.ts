import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SkillsetError } from '../errors/skillset-error.ts';
import { parseSkill } from '../format/parse-skill.ts';
import { safeParseSshSignature } from '../provenance/parse-ssh-signature.ts';
import {
  buildSkillSigningManifest,
  digestSkillSigningManifest,
  SKILL_SIGNATURE_FILE,
  SKILL_SIGNATURE_NAMESPACE,
  SKILL_SIGNED_MANIFEST_FILE,
  serializeSkillSigningManifest,
} from '../provenance/skill-signing-manifest.ts';
import { sshKeyFingerprint } from '../provenance/ssh-key-fingerprint.ts';
import { verifySshSignature } from '../provenance/verify-ssh-signature.ts';
import { findSkillFolderLinks } from './find-skill-folder-links.ts';
import { listSkillFolderFiles, readSkillFolderFile } from './skill-folder-files.ts';

/** Why {@link signSkillFolder} could not sign. */
export type SignSkillFolderErrorCode =
  | 'invalid_skill'
  | 'signing_key_missing'
  | 'ssh_keygen_missing'
  | 'signing_failed';

/** What to sign, and with which key. */
export interface SignSkillFolderOptions {
  /** The skill folder (the one holding `SKILL.md`). */
  folder: string;
  /** A private key file, or a public key whose private half is in ssh-agent (as git's `user.signingkey`). */
  key: string;
  /** The program that signs: `ssh-keygen` on PATH unless given. */
  signer?: string;
  /** The signer's environment (`SSH_AUTH_SOCK` for ssh-agent); this process's by default. */
  env?: NodeJS.ProcessEnv;
}

/** The signed skill: its name, the two files written and the signing key's fingerprint. */
export interface SignSkillFolderResult {
  name: string;
  /** The manifest digest the signature covers. */
  digest: string;
  fingerprint: string;
  manifestFile: string;
  signatureFile: string;
}

function fail(code: SignSkillFolderErrorCode, message: string, cause?: unknown): never {
  throw new SkillsetError<SignSkillFolderErrorCode>({ code, message, cause });
}

/** Runs `ssh-keygen -Y sign -n skillset -f <key> <file>`, as git signs with `gpg.format ssh`. */
function runSshKeygen(options: SignSkillFolderOptions, file: string): Promise<void> {
  const program = options.signer ?? 'ssh-keygen';
  const args = ['-Y', 'sign', '-n', SKILL_SIGNATURE_NAMESPACE, '-f', options.key, file];
  return new Promise((resolve, reject) => {
    // stdin stays the terminal's, so ssh-keygen can ask for a passphrase.
    const child = spawn(program, args, {
      stdio: ['inherit', 'ignore', 'pipe'],
      env: options.env ?? process.env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new SkillsetError<SignSkillFolderErrorCode>({
            code: 'ssh_keygen_missing',
            message: `${program} was not found; install OpenSSH's ssh-keygen (apt install openssh-client, brew install openssh) to sign skills.`,
            cause: error,
          }),
        );
      } else reject(error);
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const said = stderr.trim().replace(/\s+/g, ' ') || `exit code ${code}`;
      reject(
        new SkillsetError<SignSkillFolderErrorCode>({
          code: 'signing_failed',
          message: `${program} could not sign with ${options.key}: ${said}. Check that the key is an SSH key you can use (its passphrase, or ssh-agent holding it for a .pub file).`,
        }),
      );
    });
  });
}

/**
 * Signs a skill folder: writes `SKILL.manifest.json` (every file's path, sha256 and size) and
 * `SKILL.sig` (`ssh-keygen -Y sign -n skillset` over it); both or neither are replaced.
 */
export async function signSkillFolder(
  options: SignSkillFolderOptions,
): Promise<SignSkillFolderResult> {
  const { folder, key } = options;
  const [link] = await findSkillFolderLinks(folder).catch(() => []);
  if (link !== undefined) {
    fail(
      'invalid_skill',
      `${join(folder, link)} is a symbolic link, and a signature covers regular files only; replace it with the file it points to, or remove it, and sign again.`,
    );
  }
  const skillText = await readFile(join(folder, 'SKILL.md')).catch(() =>
    fail(
      'invalid_skill',
      `${folder} has no readable SKILL.md; sign a skill folder (the one holding SKILL.md).`,
    ),
  );
  const name = parseSkill(skillText).manifest?.name;
  if (name === undefined) {
    fail(
      'invalid_skill',
      `${join(folder, 'SKILL.md')} has no readable name; fix its frontmatter (skillset validate ${folder}) and sign again.`,
    );
  }
  await access(key, constants.R_OK).catch((error) =>
    fail(
      'signing_key_missing',
      `The signing key ${key} does not exist or cannot be read; pass --key with an SSH private key, or a .pub file whose key is in ssh-agent.`,
      error,
    ),
  );
  const files: { path: string; bytes: Uint8Array }[] = [];
  for (const file of await listSkillFolderFiles(folder)) {
    files.push({ path: file.path, bytes: await readSkillFolderFile(folder, file.path) });
  }
  const manifest = await buildSkillSigningManifest(name, files);
  const manifestText = serializeSkillSigningManifest(manifest);
  const work = await mkdtemp(join(tmpdir(), 'skillset-sign-'));
  try {
    const message = join(work, SKILL_SIGNED_MANIFEST_FILE);
    await writeFile(message, manifestText);
    await runSshKeygen(options, message);
    const armored = await readFile(`${message}.sig`, 'utf8');
    const parsed = safeParseSshSignature(armored);
    const check = parsed.success
      ? await verifySshSignature(parsed.signature, new TextEncoder().encode(manifestText))
      : undefined;
    if (!parsed.success || check?.outcome !== 'valid') {
      fail(
        'signing_failed',
        `ssh-keygen made a signature with ${key} that does not verify here (${parsed.success ? check?.outcome : parsed.reason}); use an ed25519, ECDSA or RSA key.`,
      );
    }
    const manifestFile = join(folder, SKILL_SIGNED_MANIFEST_FILE);
    const signatureFile = join(folder, SKILL_SIGNATURE_FILE);
    const suffix = `.tmp-${process.pid}-${Date.now()}`;
    await writeFile(`${manifestFile}${suffix}`, manifestText);
    await writeFile(`${signatureFile}${suffix}`, armored);
    // Without SKILL.sig for a moment, never with a SKILL.sig over another manifest.
    await rm(signatureFile, { force: true });
    await rename(`${manifestFile}${suffix}`, manifestFile);
    await rename(`${signatureFile}${suffix}`, signatureFile);
    return {
      name,
      digest: await digestSkillSigningManifest(manifest),
      fingerprint: await sshKeyFingerprint(parsed.signature.publicKey),
      manifestFile,
      signatureFile,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
