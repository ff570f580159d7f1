import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { skillText } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';

/**
 * A hostile (or impersonated, over plain http) server names skills and files that lead out of the
 * agent's folder. The real `skillset sync` refuses each such skill whole, naming it, the bad path
 * and why; writes nothing outside the folders it owns; still syncs the good skills; exits 1.
 */
interface ServedSkill {
  name: string;
  files: Record<string, string>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Serves `skills` as a sync manifest; a file request is answered by the skill's version (query). */
async function startHostileServer(skills: ServedSkill[]) {
  const manifest = {
    workspace: { id: 'w1', name: 'Hostile' },
    skills: skills.map((skill, index) => ({
      name: skill.name,
      scope: 'workspace',
      version: index + 1,
      files: Object.entries(skill.files).map(([file, content]) => ({
        path: file,
        size: Buffer.byteLength(content),
        sha256: sha256(content),
      })),
    })),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/sync') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(manifest));
      return;
    }
    // The client may have normalised `..` out of the URL: the version says which skill it wants.
    const skill = skills[Number(url.searchParams.get('version')) - 1];
    const files = Object.entries(skill?.files ?? {});
    const wanted = decodeURIComponent(url.pathname);
    const match =
      files.find(([file]) => wanted.endsWith(`/files/${file}`)) ??
      files.find(([file]) => file !== 'SKILL.md' && !wanted.endsWith('/SKILL.md'));
    if (match === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.end(match[1]);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: async () => {
      server.close();
      await once(server, 'close');
    },
  };
}

/** Every file and link below `folder`, relative, sorted. */
async function tree(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('skillset sync against a hostile server', () => {
  it('refuses every skill whose name or file path leaves its folder, and syncs the others', async () => {
    await using dir = await createTempDir();
    // Deep enough that `../../../../x` from .claude/skills still lands in the temporary folder.
    const cwd = path.join(dir.path, 'a/project');
    await mkdir(cwd, { recursive: true });
    const victim = path.join(dir.path, 'victim.txt');
    await writeFile(victim, 'original');
    const skills: ServedSkill[] = [
      { name: 'fine', files: { 'SKILL.md': skillText('fine'), 'docs/a.md': 'A.\n' } },
      { name: '../../../../x', files: { 'SKILL.md': skillText('x') } },
      {
        name: 'slip',
        files: { 'SKILL.md': skillText('slip'), 'a/../../../victim.txt': 'PWNED' },
      },
      { name: 'absolute', files: { 'SKILL.md': skillText('absolute'), [victim]: 'PWNED' } },
      { name: 'drive', files: { 'SKILL.md': skillText('drive'), 'C:\\victim.txt': 'PWNED' } },
      {
        name: 'backslash',
        files: { 'SKILL.md': skillText('backslash'), 'docs\\victim.txt': 'PWNED' },
      },
      { name: 'nul', files: { 'SKILL.md': skillText('nul'), 'victim.txt\u0000.md': 'PWNED' } },
      { name: 'also-fine', files: { 'SKILL.md': skillText('also-fine') } },
    ];
    await using server = await startHostileServer(skills);
    const run = await spawnSkillset(['sync', '--server', server.url, '--token', 't'], {
      cwd,
      env: { HOME: path.join(dir.path, 'home') },
    });

    expect(run.exitCode).toBe(1);
    const refusals = run.stdout.split('\n').filter((line) => line.startsWith('  ! '));
    expect(refusals).toEqual([
      '  ! Refused the skill "../../../../x" from the server: its name "../../../../x" is not a valid skill name (lowercase letters, digits and single hyphens, at most 64 characters), and it would be a folder name; nothing of it was written',
      '  ! Refused the skill "slip" from the server: Invalid skill file path "a/../../../victim.txt": ".." segments are not allowed; nothing of it was written',
      `  ! Refused the skill "absolute" from the server: Invalid skill file path ${JSON.stringify(victim)}: use a path relative to the skill folder; nothing of it was written`,
      '  ! Refused the skill "drive" from the server: Invalid skill file path "C:\\\\victim.txt": use a path relative to the skill folder; nothing of it was written',
      '  ! Refused the skill "backslash" from the server: Invalid skill file path "docs\\\\victim.txt": it contains a backslash; nothing of it was written',
      '  ! Refused the skill "nul" from the server: Invalid skill file path "victim.txt\\u0000.md": the path contains a NUL character; nothing of it was written',
    ]);
    expect(run.stdout).toContain('+ fine v1  .claude/skills/fine');
    expect(run.stdout).toContain('+ also-fine v8  .claude/skills/also-fine');
    expect(await readFile(victim, 'utf8')).toBe('original');
    expect(await tree(dir.path)).toEqual([
      'a/project/.claude/skills/also-fine/SKILL.md',
      'a/project/.claude/skills/fine/SKILL.md',
      'a/project/.claude/skills/fine/docs/a.md',
      'a/project/skillset-lock.json',
      'victim.txt',
    ]);
    const lock = JSON.parse(await readFile(path.join(cwd, 'skillset-lock.json'), 'utf8'));
    expect(Object.keys(lock.skills)).toEqual(['also-fine', 'fine']);
  });

  it('never writes through a link in the agent folder, and never follows one to remove', async () => {
    await using dir = await createTempDir();
    const cwd = path.join(dir.path, 'project');
    const skillsDir = path.join(cwd, '.claude/skills');
    const outside = path.join(dir.path, 'outside');
    await mkdir(skillsDir, { recursive: true });
    await mkdir(outside);
    await writeFile(path.join(outside, 'precious.txt'), 'keep me');
    // A skill folder that is a link out, and one owned by sync whose `docs` became a link out.
    await symlink(outside, path.join(skillsDir, 'linked'));
    const owned = { 'SKILL.md': skillText('owned'), 'docs/a.md': 'A.\n' };
    await mkdir(path.join(skillsDir, 'owned/docs'), { recursive: true });
    await writeFile(path.join(skillsDir, 'owned/SKILL.md'), owned['SKILL.md']);
    await symlink(outside, path.join(skillsDir, 'owned/docs2'));
    // A lockfile (say, from a hostile checkout) claiming folders out of the agent folders.
    const source = (url: string) => ({ type: 'server', url, workspace: 'w1', version: 1 });
    const skills: ServedSkill[] = [
      { name: 'linked', files: { 'SKILL.md': skillText('linked'), 'victim.txt': 'PWNED' } },
      { name: 'owned', files: { ...owned, 'docs2/victim.txt': 'PWNED' } },
    ];
    await using server = await startHostileServer(skills);
    await writeFile(
      path.join(cwd, 'skillset-lock.json'),
      JSON.stringify({
        version: 1,
        skills: {
          owned: {
            source: source(server.url),
            folders: ['.claude/skills/owned'],
            files: { 'SKILL.md': sha256(owned['SKILL.md']) },
          },
          gone: { source: source(server.url), folders: ['../outside'], files: {} },
        },
      }),
    );
    const run = await spawnSkillset(['sync', '--server', server.url, '--token', 't', '--force'], {
      cwd,
      env: { HOME: path.join(dir.path, 'home') },
    });

    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(
      `! skillset-lock.json says sync installed "gone" in "${outside}", which is not <an agent's skills folder>/gone; nothing there was changed — fix or delete that entry of the lockfile`,
    );
    expect(run.stdout).toContain('+ linked v1  .claude/skills/linked');
    expect(run.stdout).toContain('~ owned v2 (was v1)  .claude/skills/owned');
    expect(await tree(outside)).toEqual(['precious.txt']);
    expect(await tree(skillsDir)).toEqual([
      'linked/SKILL.md',
      'linked/victim.txt',
      'owned/SKILL.md',
      'owned/docs/a.md',
      'owned/docs2/victim.txt',
    ]);
  });
});
