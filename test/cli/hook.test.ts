import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type TempDir, writeSkillTree } from '@skillset/core/test';
import { waitUntil } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';

/**
 * `skillset hook claude` as Claude Code runs it: a process fed the hook input on stdin, answered
 * through the resident hook server (or in its own process), always exiting 0.
 */

const SKILLS = [
  {
    name: 'pdf-forms',
    description:
      'Fill in PDF forms and read their fields. Use when the user has a PDF form to complete.',
  },
  {
    name: 'vercel-deploy',
    description: 'Deploy a web app to Vercel and return the preview link.',
  },
  {
    name: 'tax-summary',
    description: 'Summarise a tax return into five lines. Use for tax questions.',
  },
];

let dir: TempDir;
let runtime: string;
const servers = new Set<number>();

beforeAll(async () => {
  dir = await createTempDir();
  runtime = path.join(dir.path, 'run');
  await mkdir(runtime, { mode: 0o700 });
});

afterAll(async () => {
  // The hook servers these tests started, by the pid each one logged.
  for (const pid of servers) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {}
  }
  await dir?.[Symbol.asyncDispose]();
});

async function noteServers(folder: string) {
  for (const name of await readdir(folder).catch(() => [])) {
    if (!name.endsWith('.log')) continue;
    const log = await readFile(path.join(folder, name), 'utf8');
    for (const match of log.matchAll(/hook server (\d+) listening/g)) servers.add(Number(match[1]));
  }
}

async function project(name: string, skills = SKILLS) {
  const cwd = path.join(dir.path, name);
  const home = path.join(dir.path, `${name}-home`);
  await mkdir(home, { recursive: true });
  await writeSkillTree(path.join(cwd, '.claude/skills'), skills);
  const env = {
    HOME: home,
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_RUNTIME_DIR: runtime,
  };
  const hook = async (input: string, extra: Record<string, string> = {}) => {
    const run = await spawnSkillset(['hook', 'claude'], { cwd, env: { ...env, ...extra }, input });
    await noteServers(path.join(runtime, 'skillset'));
    return run;
  };
  return { cwd, home, env, hook };
}

const prompt = (text: string, cwd?: string) =>
  JSON.stringify({
    session_id: 's',
    hook_event_name: 'UserPromptSubmit',
    prompt: text,
    ...(cwd ? { cwd } : {}),
  });

function contextOf(stdout: string): string {
  return JSON.parse(stdout).hookSpecificOutput.additionalContext;
}

describe('skillset hook claude', () => {
  it("answers Claude Code's UserPromptSubmit with the relevant skills and their descriptions, through a private socket", async () => {
    const scene = await project('answers');
    const run = await scene.hook(prompt('Please fill in this PDF form for me', scene.cwd));
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.hookSpecificOutput.hookEventName).toBe('UserPromptSubmit');
    expect(contextOf(run.stdout)).toMatchInlineSnapshot(`
      "Skills that may fit this request, most relevant first; when one fits, load it with the Skill tool before you act:
      - pdf-forms: Fill in PDF forms and read their fields. Use when the user has a PDF form to complete."
    `);
    const sockets = path.join(runtime, 'skillset');
    expect((await import('node:fs')).statSync(sockets).mode & 0o777).toBe(0o700);
    const files = await readdir(sockets);
    expect(files.some((file) => /^hook-.+\.sock$/.test(file))).toBe(true);
    expect(servers.size).toBe(1);

    // The same server answers the next prompt, and sees a skill added since.
    await writeSkillTree(path.join(scene.cwd, '.claude/skills'), [
      { name: 'moon-phase', description: 'Tell the phase of the moon for a date.' },
    ]);
    await waitUntil(async () => {
      const next = await scene.hook(prompt('what phase is the moon in tonight'));
      return next.stdout !== '' && contextOf(next.stdout).includes('- moon-phase: Tell the phase');
    }, 20_000);
    expect(servers.size).toBe(1);
  }, 60_000);

  it('suggests only what the local policy allows, and follows an edit of skillset.json', async () => {
    const scene = await project('policy');
    const input = prompt('Deploy my web app to Vercel, then summarise my tax return');
    const before = contextOf((await scene.hook(input)).stdout);
    expect(before).toContain('- vercel-deploy:');
    expect(before).toContain('- tax-summary:');
    // Three edits: the server's one switch to watching the folders can explain at most one of them.
    for (const action of ['deny', 'allow', 'deny']) {
      await writeFile(
        path.join(scene.cwd, 'skillset.json'),
        JSON.stringify({ rules: [{ skill: 'vercel-deploy', action }] }),
      );
      const answer = await scene.hook(input);
      expect(answer.stderr).toBe('');
      expect(contextOf(answer.stdout)).toContain('- tax-summary:');
      if (action === 'deny') expect(contextOf(answer.stdout)).not.toContain('vercel-deploy');
      else expect(contextOf(answer.stdout)).toContain('- vercel-deploy:');
    }

    await writeFile(path.join(scene.cwd, 'skillset.json'), '{"rules": ');
    const broken = await scene.hook(input);
    expect(broken.exitCode).toBe(0);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(/^skillset hook: .*skillset\.json.*; no skills suggested\.\n$/);
  }, 60_000);

  it('exits 0 with no context for malformed input, an empty prompt, a slash command, a project without skills and an unknown agent', async () => {
    const scene = await project('quiet');
    const malformed = await scene.hook('{"prompt": ');
    expect(malformed).toMatchObject({ exitCode: 0, stdout: '' });
    expect(malformed.stderr).toMatch(
      /^skillset hook: the hook input is not JSON \(.+\); no skills suggested\.\n$/,
    );
    const noPrompt = await scene.hook('{"cwd": "/"}');
    expect(noPrompt).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: 'skillset hook: the hook input has no "prompt" string; no skills suggested.\n',
    });
    for (const text of ['', '   \n', '/clear']) {
      expect(await scene.hook(prompt(text))).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    }
    const empty = path.join(dir.path, 'no-skills');
    await mkdir(empty, { recursive: true });
    expect(await scene.hook(prompt('fill in this PDF form', empty))).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: '',
    });
    const unknown = await spawnSkillset(['hook', 'cursor'], {
      cwd: scene.cwd,
      env: scene.env,
      input: prompt('x'),
    });
    expect(unknown).toEqual({
      exitCode: 0,
      stdout: '',
      stderr:
        "skillset hook: unknown agent 'cursor' (claude, codex, opencode, gemini); no skills suggested.\n",
    });
  }, 60_000);

  it('answers the same in its own process: with SKILLSET_HOOK_SERVER=off, and when the socket folder is not private', async () => {
    const scene = await project('alone');
    const input = prompt('Please fill in this PDF form for me');
    const served = await scene.hook(input);
    const alone = await scene.hook(input, { SKILLSET_HOOK_SERVER: 'off' });
    expect(alone).toEqual(served);
    const open = path.join(dir.path, 'open-run');
    await mkdir(path.join(open, 'skillset'), { recursive: true, mode: 0o700 });
    await chmod(path.join(open, 'skillset'), 0o755);
    const unsafe = await scene.hook(input, { XDG_RUNTIME_DIR: open });
    expect(unsafe).toEqual(served);
    expect(await readdir(path.join(open, 'skillset'))).toEqual([]);
  }, 60_000);
});
