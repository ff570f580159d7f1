import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrustedSigners } from '../provenance/parse-trusted-signers.ts';
import { verifySkillSignature } from '../provenance/verify-skill-signature.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { signSkillFolder } from './sign-skill-folder.ts';
import { listSkillFolderFiles, readSkillFolderFile } from './skill-folder-files.ts';

/** A skill folder `deploy` with a script, and an ed25519 key, in `root`. */
async function setUp(root: string) {
  const folder = join(root, 'deploy');
  await mkdir(join(folder, 'scripts'), { recursive: true });
  await writeFile(
    join(folder, 'SKILL.md'),
    '---\nname: deploy\ndescription: Deploys.\n---\nRun.\n',
  );
  await writeFile(join(folder, 'scripts', 'run.sh'), 'echo deploy\n');
  const key = join(root, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'alice', '-f', key]);
  const publicKey = (await readFile(`${key}.pub`, 'utf8')).trim().split(' ').slice(0, 2).join(' ');
  return { folder, key, publicKey };
}

async function folderStatus(folder: string, publicKey: string) {
  const files = [];
  for (const file of await listSkillFolderFiles(folder)) {
    files.push({ path: file.path, bytes: await readSkillFolderFile(folder, file.path) });
  }
  const { trust } = parseTrustedSigners({ trustedSigners: [`alice@example.com ${publicKey}`] });
  return verifySkillSignature({ name: 'deploy', files, trust });
}

describe('signSkillFolder', () => {
  it('writes SKILL.manifest.json and SKILL.sig that ssh-keygen -Y verify and verifySkillSignature accept', async () => {
    await using dir = await createTempDir();
    const { folder, key, publicKey } = await setUp(dir.path);
    const result = await signSkillFolder({ folder, key });
    expect(result.name).toBe('deploy');
    expect(result.fingerprint).toBe(
      execFileSync('ssh-keygen', ['-l', '-f', `${key}.pub`], { encoding: 'utf8' }).split(' ')[1],
    );
    const allowed = join(dir.path, 'allowed_signers');
    await writeFile(allowed, `alice@example.com ${publicKey}\n`);
    const verify = spawnSync(
      'ssh-keygen',
      [
        '-Y',
        'verify',
        '-f',
        allowed,
        '-I',
        'alice@example.com',
        '-n',
        'skillset',
        '-s',
        result.signatureFile,
      ],
      { input: await readFile(result.manifestFile), encoding: 'utf8' },
    );
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stdout).toContain('Good "skillset" signature for alice@example.com');
    expect(await folderStatus(folder, publicKey)).toMatchObject({
      state: 'signed',
      signer: 'alice@example.com',
      digest: result.digest,
    });
  });

  it('signs with a public key whose private half is in ssh-agent, as git does', async () => {
    await using dir = await createTempDir();
    const { folder, key, publicKey } = await setUp(dir.path);
    const socket = join(dir.path, 'agent.sock');
    const agent = spawnSync('ssh-agent', ['-a', socket, '-s'], { encoding: 'utf8' });
    const pid = /SSH_AGENT_PID=(\d+)/.exec(agent.stdout)?.[1];
    expect(pid, agent.stderr).toBeDefined();
    try {
      const env = { ...process.env, SSH_AUTH_SOCK: socket };
      execFileSync('ssh-add', ['-q', key], { env, stdio: 'pipe' });
      await signSkillFolder({ folder, key: `${key}.pub`, env });
      expect(await folderStatus(folder, publicKey)).toMatchObject({ state: 'signed' });
    } finally {
      process.kill(Number(pid));
    }
  });

  it('says precisely when the key is missing, ssh-keygen is missing or ssh-keygen fails, and leaves no signature', async () => {
    await using dir = await createTempDir();
    const { folder, key } = await setUp(dir.path);
    await expect(signSkillFolder({ folder, key: join(dir.path, 'nope') })).rejects.toThrow(
      `The signing key ${join(dir.path, 'nope')} does not exist or cannot be read`,
    );
    await expect(
      signSkillFolder({ folder, key, signer: join(dir.path, 'no-ssh-keygen') }),
    ).rejects.toMatchObject({ code: 'ssh_keygen_missing' });
    const notAKey = join(dir.path, 'not-a-key');
    await writeFile(notAKey, 'hello\n');
    const failure = signSkillFolder({ folder, key: notAKey });
    await expect(failure).rejects.toMatchObject({ code: 'signing_failed' });
    await expect(failure).rejects.toThrow(/could not sign with .*not-a-key: .+/);
    expect((await readdir(folder)).sort()).toEqual(['SKILL.md', 'scripts']);
  });

  it('keeps the old pair when signing again fails, and replaces both when it succeeds', async () => {
    await using dir = await createTempDir();
    const { folder, key, publicKey } = await setUp(dir.path);
    await signSkillFolder({ folder, key });
    await writeFile(join(folder, 'scripts', 'run.sh'), 'echo deplox\n');
    expect(await folderStatus(folder, publicKey)).toMatchObject({ code: 'file_changed' });
    await expect(signSkillFolder({ folder, key: join(dir.path, 'nope') })).rejects.toThrow();
    expect(await folderStatus(folder, publicKey)).toMatchObject({ code: 'file_changed' });
    await signSkillFolder({ folder, key });
    expect(await folderStatus(folder, publicKey)).toMatchObject({ state: 'signed' });
    expect((await readdir(folder)).sort()).toEqual([
      'SKILL.manifest.json',
      'SKILL.md',
      'SKILL.sig',
      'scripts',
    ]);
  });
});
