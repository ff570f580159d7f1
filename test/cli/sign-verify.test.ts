import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { createCliProject } from './create-cli-project.ts';

let cache: TempDir;
let keys: TempDir;

beforeAll(async () => {
  cache = await createTempDir();
  keys = await createTempDir();
});
afterAll(async () => {
  await cache[Symbol.asyncDispose]();
  await keys[Symbol.asyncDispose]();
});

const skills = [
  {
    name: 'deploy',
    description: 'Deploys the service. Use when asked to deploy.',
    files: { 'scripts/run.sh': 'echo deploy\n' },
  },
  { name: 'notes', description: 'Keeps meeting notes. Use when asked for notes.' },
];

/** Makes an ed25519 key at `file` and returns its public `ssh-ed25519 AAAA…` and fingerprint. */
async function makeKey(file: string) {
  await mkdir(path.dirname(file), { recursive: true });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', file]);
  const publicKey = (await readFile(`${file}.pub`, 'utf8')).trim().split(' ').slice(0, 2).join(' ');
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${file}.pub`], {
    encoding: 'utf8',
  }).split(' ')[1] as string;
  return { publicKey, fingerprint };
}

describe('skillset sign and skillset verify', () => {
  it('signs with the default key, verifies, fails naming an edited file, and passes once signed again', async () => {
    await using project = await createCliProject({ skills, cacheDir: cache.path });
    const key = path.join(project.home, '.ssh', 'id_ed25519');
    const { publicKey, fingerprint } = await makeKey(key);
    await writeFile(
      path.join(project.project, 'skillset.json'),
      JSON.stringify({ trustedSigners: [`alice@example.com ${publicKey}`] }),
    );
    const run = (...args: string[]) =>
      spawnSkillset(args, { cwd: project.project, env: project.env });

    const signed = await run('sign', 'deploy');
    expect(signed.exitCode, signed.stderr).toBe(0);
    expect(signed.stdout).toContain(`with ${key} (the default key), key ${fingerprint}.`);

    const verified = await run('verify', 'deploy');
    expect(verified.exitCode, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`✓ deploy  signed by alice@example.com (${fingerprint})`);

    const everything = await run('verify');
    expect(everything.exitCode).toBe(0);
    expect(everything.stdout).toContain('- notes  unsigned (it has no SKILL.sig)');

    const script = path.join(project.project, '.agents/skills/deploy/scripts/run.sh');
    await writeFile(script, 'echo deplox\n');
    const edited = await run('verify', 'deploy');
    expect(edited.exitCode).toBe(1);
    expect(edited.stdout).toContain(
      '✗ deploy  invalid: The file scripts/run.sh changed since it was signed; sign it again with: skillset sign deploy --key <ssh key>.',
    );
    expect(edited.stdout).toContain('checked: 0 signed, 0 unsigned, 1 invalid');

    const again = await run('sign', '.agents/skills/deploy', '--key', key);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('(--key)');
    expect((await run('verify', 'deploy')).exitCode).toBe(0);

    // A link added to a signed skill: not validly signed, and not signable until it is gone.
    const link = path.join(project.project, '.agents/skills/deploy/scripts/secret');
    await symlink(key, link);
    const linked = await run('verify', 'deploy');
    expect(linked.exitCode).toBe(1);
    expect(linked.stdout).toContain(
      '✗ deploy  invalid: "scripts/secret" is a symbolic link, and a signature covers regular files only (a link can point anywhere later); replace it with the file it points to, or remove it, and sign it again with: skillset sign deploy --key <ssh key>.',
    );
    const refused = await run('sign', 'deploy');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`${link} is a symbolic link`);
    await rm(link);
    expect((await run('verify', 'deploy')).exitCode).toBe(0);
  });

  it('fails for a named unsigned skill and for an unknown signer, with the reason in JSON', async () => {
    const key = path.join(keys.path, 'stranger');
    const stranger = await makeKey(key);
    const trusted = await makeKey(path.join(keys.path, 'trusted'));
    await using project = await createCliProject({
      skills,
      cacheDir: cache.path,
      policy: { trustedSigners: [`alice@example.com ${trusted.publicKey}`] },
    });
    const run = (...args: string[]) =>
      spawnSkillset(args, { cwd: project.project, env: project.env });

    const unsigned = await run('verify', 'notes');
    expect(unsigned.exitCode).toBe(1);
    expect(unsigned.stdout).toContain('- notes  unsigned');

    expect((await run('sign', 'deploy', '--key', key)).exitCode).toBe(0);
    const unknown = await run('verify', 'deploy', '--json');
    expect(unknown.exitCode).toBe(1);
    const [result] = JSON.parse(unknown.stdout).results;
    expect(result).toMatchObject({
      name: 'deploy',
      state: 'invalid',
      code: 'unknown_signer',
      fingerprint: stranger.fingerprint,
    });
    expect(result.reason).toContain(`signed by the key ${stranger.fingerprint}`);
    expect(result.reason).toContain('add "<principal> ssh-ed25519 <base64 key>" to trustedSigners');
  });

  it('uses git config user.signingkey when no --key is given', async () => {
    await using project = await createCliProject({ skills, cacheDir: cache.path });
    const key = path.join(keys.path, 'git-key');
    await makeKey(key);
    await mkdir(project.home, { recursive: true });
    await writeFile(path.join(project.home, '.gitconfig'), `[user]\n\tsigningkey = ${key}.pub\n`);
    const socket = path.join(keys.path, 'agent.sock');
    const agent = execFileSync('ssh-agent', ['-a', socket, '-s'], { encoding: 'utf8' });
    const pid = Number(/SSH_AGENT_PID=(\d+)/.exec(agent)?.[1]);
    try {
      execFileSync('ssh-add', ['-q', key], { env: { ...process.env, SSH_AUTH_SOCK: socket } });
      const signed = await spawnSkillset(['sign', 'deploy'], {
        cwd: project.project,
        env: { ...project.env, SSH_AUTH_SOCK: socket },
      });
      expect(signed.exitCode, signed.stderr).toBe(0);
      expect(signed.stdout).toContain(`with ${key}.pub (git config user.signingkey)`);
    } finally {
      process.kill(pid);
    }
  });

  it('says precisely what is wrong with a missing key and a bad trustedSigners line', async () => {
    await using project = await createCliProject({
      skills,
      cacheDir: cache.path,
      policy: { trustedSigners: ['alice@example.com ssh-ed25519 not-base64!'] },
    });
    const missing = await spawnSkillset(['sign', 'deploy', '--key', 'nope'], {
      cwd: project.project,
      env: project.env,
    });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(
      `skillset: The signing key ${path.join(project.project, 'nope')} does not exist or cannot be read`,
    );
    const bad = await spawnSkillset(['verify'], { cwd: project.project, env: project.env });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain(path.join(project.project, 'skillset.json'));
    expect(bad.stderr).toContain(
      'The trustedSigners line "alice@example.com ssh-ed25519 not-base64!" is invalid: its key is not base64',
    );
  });
});
