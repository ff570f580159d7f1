import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type TempDir, writeSkillTree } from '@skillset/core/test';
import { type RunningServer, startServer } from '@skillset/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import {
  createTestSigningKey,
  signSkillWithSshKeygen,
  type TestSigningKey,
} from '../support/sign-skill-with-ssh-keygen.ts';

let dataDir: TempDir;
let server: RunningServer;
let ownerToken: string;
let workspaceId: string;
let key: TestSigningKey;

beforeAll(async () => {
  dataDir = await createTempDir();
  key = await createTestSigningKey(dataDir.path, 'alice@example.com');
  server = await startServer({
    config: {
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(dataDir.path, 'data'),
      maxBodyBytes: 1 << 20,
      identity: {},
    },
    logger: pino({ level: 'silent' }),
  });
  ownerToken = server.ownerToken as string;
  const manifest = await (
    await fetch(`${server.url}/api/sync`, { headers: { authorization: `Bearer ${ownerToken}` } })
  ).json();
  workspaceId = (manifest as { workspace: { id: string } }).workspace.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await dataDir?.[Symbol.asyncDispose]();
});

/** A workspace skill made on the server from a folder on disk, signed first when `signed`. */
async function addSkill(name: string, signed: boolean) {
  const folder = path.join(dataDir.path, 'made', name);
  await writeSkillTree(path.dirname(folder), [
    { name, description: `The ${name} skill.`, files: { 'notes.md': '# Notes\n' } },
  ]);
  if (signed) await signSkillWithSshKeygen(folder, name, key);
  const files = [];
  for (const file of await readdir(folder)) {
    if (file !== 'SKILL.md') {
      files.push({ path: file, content: await readFile(path.join(folder, file), 'utf8') });
    }
  }
  const created = await server.store.skills.create({
    scope: 'workspace',
    workspaceId,
    skillMd: await readFile(path.join(folder, 'SKILL.md'), 'utf8'),
    files,
  });
  if (!created.ok) throw new Error(`could not create ${name}`);
}

describe('skillset sync under requireSigned', () => {
  it('installs the signed skill, saying who signed it, and writes nothing of the unsigned one', async () => {
    await addSkill('synced-signed', true);
    await addSkill('synced-unsigned', false);
    const dir = await createTempDir();
    await using _ = dir;
    const cwd = path.join(dir.path, 'project');
    await mkdir(cwd, { recursive: true });
    await writeFile(
      path.join(cwd, 'skillset.json'),
      JSON.stringify({ requireSigned: true, trustedSigners: [key.allowedSigner] }),
    );
    const run = await spawnSkillset(['sync', '--server', server.url, '--agent', 'claude'], {
      cwd,
      env: {
        HOME: path.join(dir.path, 'home'),
        XDG_CACHE_HOME: path.join(dir.path, 'cache'),
        SKILLSET_TOKEN: ownerToken,
      },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('+ synced-signed v1  .claude/skills/synced-signed');
    expect(run.stdout).toContain('      signed by alice@example.com (SHA256:');
    expect(run.stdout).toContain('! synced-unsigned is not signed (');
    expect(run.stdout).toContain('nothing of synced-unsigned was written.');
    expect(
      await readFile(path.join(cwd, '.claude/skills/synced-signed/SKILL.sig'), 'utf8'),
    ).toContain('BEGIN SSH SIGNATURE');
    const unsigned = await lstat(path.join(cwd, '.claude/skills/synced-unsigned')).catch(
      () => undefined,
    );
    expect(unsigned).toBeUndefined();
    const lock = JSON.parse(await readFile(path.join(cwd, 'skillset-lock.json'), 'utf8'));
    expect(Object.keys(lock.skills)).toEqual(['synced-signed']);
  }, 60_000);
});
