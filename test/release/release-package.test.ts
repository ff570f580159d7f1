import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookRuntime } from '../support/agents/hook-runtime.ts';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server.ts';
import { repoRoot } from '../support/shared-dir.ts';

const WORKSPACES = ['core', 'store', 'mcp', 'agent', 'server', 'cli'].map((name) =>
  path.join('packages', name),
);
const BUNDLED = ['core', 'store', 'mcp', 'agent', 'server'];
/** The libraries `release:pack` writes beside the CLI, for host apps. */
const LIBRARIES = ['core', 'agent', 'mcp'];

/** The version of the system's /usr/bin/node, when there is one. */
const systemNode = (() => {
  try {
    return execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
})();
const systemNodeIsOld = systemNode !== undefined && Number(/^v(\d+)/.exec(systemNode)?.[1]) < 22;

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<Run>((resolve) => {
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ exitCode: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs a shell command line with `input` on stdin, as an agent runs a hook. */
function runHook(command: string, input: string, options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<Run>((resolve) => {
    const child = execFile('/bin/sh', ['-c', command], options, (error, stdout, stderr) =>
      resolve({ exitCode: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

/** The folders a build would leave in the checkout. */
async function buildOutputs(): Promise<string[]> {
  const candidates = [...WORKSPACES.map((folder) => `${folder}/dist`), 'packages/server/web'];
  const found: string[] = [];
  for (const candidate of candidates) {
    if (await stat(path.join(repoRoot, candidate)).catch(() => undefined)) found.push(candidate);
  }
  return found;
}

/** Writes `skills/<name>/SKILL.md` under `app`, its body one line. */
async function writeSkill(app: string, name: string, description: string) {
  const folder = path.join(app, 'skills', name);
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${description}\n---\n${description.replace('from', 'for the')}\n`,
  );
}

/** Starts the installed `skillset serve` on a free port; resolves with its URL. */
async function startServer(command: string, args: string[], options: { env: NodeJS.ProcessEnv }) {
  const server = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Skillset is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] && /Press Ctrl\+C/.test(output)) resolve(match[1]);
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => reject(new Error(`skillset serve exited (${code}):\n${output}`)));
  });
  const ownerToken = /Owner token: (\S+)/.exec(output)?.[1];
  return { server, url, ownerToken };
}

describe('the release package', () => {
  let dir: TempDir;
  let tarball: string;
  let libraries: string[];
  let prefix: string;
  let env: NodeJS.ProcessEnv;
  let outputsBefore: string[];

  beforeAll(async () => {
    dir = await createTempDir();
    prefix = path.join(dir.path, 'prefix');
    const home = path.join(dir.path, 'home');
    await mkdir(home);
    await mkdir(path.join(dir.path, 'empty'));
    // Another HOME and none of the calling npm's settings; the usual npm cache, so only third-party
    // packages it lacks come from the registry.
    const inherited = Object.entries(process.env).filter(
      ([name]) => !/^npm_/i.test(name) && name !== 'DATABASE_URL',
    );
    env = {
      ...Object.fromEntries(inherited),
      PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
      HOME: home,
      XDG_CACHE_HOME: path.join(home, 'cache'),
      NO_COLOR: '1',
      npm_config_cache: process.env.npm_config_cache ?? path.join(homedir(), '.npm'),
      npm_config_update_notifier: 'false',
    };
    outputsBefore = await buildOutputs();

    const releaseDir = path.join(dir.path, 'release');
    const packed = await run(
      process.execPath,
      [path.join(repoRoot, 'scripts/release-pack.ts'), releaseDir],
      { cwd: repoRoot, env },
    );
    expect(packed.exitCode, packed.stderr).toBe(0);
    const written = packed.stdout.trim().split('\n');
    tarball = path.resolve(repoRoot, written.at(-1) ?? '');
    libraries = written.slice(0, -1).map((line) => path.resolve(repoRoot, line));

    const installed = await run(
      'npm',
      ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
      { cwd: path.join(dir.path, 'empty'), env },
    );
    expect(installed.exitCode, installed.stderr).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await dir?.[Symbol.asyncDispose]();
  });

  it('is one tarball with the workspace packages compiled inside and the web UI', async () => {
    const cli = JSON.parse(
      await readFile(path.join(repoRoot, 'packages/cli/package.json'), 'utf8'),
    );
    expect(path.basename(tarball)).toBe(`skillset-${cli.version}.tgz`);
    const entries = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    const bundled = (name: string, file: string) =>
      `package/node_modules/@skillset/${name}/${file}`;
    expect(entries).toEqual(
      expect.arrayContaining([
        'package/LICENSE',
        'package/README.md',
        'package/bin/skillset.js',
        'package/dist/bin.js',
        ...BUNDLED.flatMap((name) => [bundled(name, 'LICENSE'), bundled(name, 'dist/index.js')]),
        bundled('server', 'web/index.html'),
        bundled('core', 'skills/create-skill/SKILL.md'),
        bundled('store', 'migrations/0001-initial.sql'),
      ]),
    );
    expect(entries.filter((entry) => entry.endsWith('.test.ts'))).toEqual([]);
    expect(await buildOutputs()).toEqual(outputsBefore);
  });

  it('carries the license and the metadata, as every workspace package does', async () => {
    const license = await readFile(path.join(repoRoot, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Skillset contributors\n/);
    const installed = path.join(prefix, 'lib/node_modules/skillset');
    for (const folder of [installed, ...WORKSPACES.map((name) => path.join(repoRoot, name))]) {
      const manifest = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8'));
      expect(manifest, folder).toMatchObject({
        license: 'MIT',
        repository: { type: 'git', url: expect.stringMatching(/^git\+https:/) },
        homepage: expect.stringMatching(/^https:/),
        bugs: { url: expect.stringMatching(/^https:/) },
        keywords: expect.arrayContaining(['skillset', 'agent-skills']),
        files: expect.arrayContaining(['LICENSE']),
      });
      expect(await readFile(path.join(folder, 'LICENSE'), 'utf8'), folder).toBe(license);
    }
  });

  it("installs the libraries in an empty app, where the README's example gives a model a folder's skills under a policy", async () => {
    expect(libraries.map((file) => path.basename(file)).sort()).toEqual(
      LIBRARIES.map((name) => `skillset-${name}-0.1.0.tgz`).sort(),
    );
    const app = path.join(dir.path, 'app');
    await writeSkill(app, 'release-notes', 'Write release notes from merged pull requests.');
    await writeSkill(app, 'deploy', 'Deploy the service to production.');
    await writeFile(path.join(app, 'package.json'), '{ "private": true, "type": "module" }\n');
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
    const example = /<!-- library-example[^\n]*-->\n```js\n([\s\S]*?)\n```/.exec(readme)?.[1];
    if (example === undefined) throw new Error('README.md has no library-example block');
    await writeFile(path.join(app, 'app.mjs'), example);
    const installArgs = ['install', '--prefer-offline', '--no-audit', '--no-fund'];
    const installed = await run(
      'npm',
      [...installArgs, ...libraries, 'ai@7', '@ai-sdk/openai-compatible'],
      {
        cwd: app,
        env,
      },
    );
    expect(installed.exitCode, installed.stderr).toBe(0);

    // The model loads the skill it was shown, then answers.
    const model = await startOpenAiCompatibleServer([
      {
        toolCalls: [{ name: 'use_skill', arguments: { skill: 'release-notes', arguments: null } }],
      },
      { text: 'Here are the notes.' },
    ]);
    try {
      const answered = await run(process.execPath, ['app.mjs', 'Write the release notes'], {
        cwd: app,
        env: { ...env, OPENAI_BASE_URL: model.baseUrl },
      });
      expect(answered.exitCode, answered.stderr).toBe(0);
      expect(answered.stdout).toContain('use_skill: ');
      expect(answered.stdout).toContain('Write release notes for the merged pull requests.');
      expect(answered.stdout.trimEnd().endsWith('Here are the notes.')).toBe(true);
      const offered = JSON.stringify(model.requests[0]);
      expect(offered).toContain('release-notes');
      expect(offered).toContain('Write release notes from merged pull requests.');
      // The policy's deny rule: the model is never shown `deploy`.
      expect(offered).not.toContain('Deploy the service');
      expect(JSON.stringify(model.requests[0]?.tools)).not.toContain('deploy');
    } finally {
      await model.close();
    }
  });

  it('runs the installed skillset: --version, and list in an empty project', async () => {
    const cli = JSON.parse(
      await readFile(path.join(repoRoot, 'packages/cli/package.json'), 'utf8'),
    );
    const project = path.join(dir.path, 'project');
    await mkdir(project);
    const skillset = path.join(prefix, 'bin', 'skillset');
    expect(await run(skillset, ['--version'], { cwd: project, env })).toEqual({
      exitCode: 0,
      stdout: `${cli.version}\n`,
      stderr: '',
    });
    const listed = await run(skillset, ['list', '--json'], { cwd: project, env });
    expect(listed).toMatchObject({ exitCode: 0, stderr: '' });
    const skills = (JSON.parse(listed.stdout) as { skills: { name: string }[] }).skills;
    expect(skills.map((skill) => skill.name)).toEqual(['create-skill']);
  });

  it("serves the bundled web UI and /healthz, syncs its skills into the agents' folders, and stops on SIGTERM", async () => {
    const skillset = path.join(prefix, 'bin', 'skillset');
    const { server, url, ownerToken } = await startServer(
      path.join(prefix, 'bin', 'skillset'),
      ['serve', '--port', '0', '--data-dir', path.join(dir.path, 'data')],
      { env },
    );
    let exited: Promise<unknown[]> | undefined;
    try {
      const index = await fetch(`${url}/`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await index.text();
      expect(html).toContain('<div id="root">');
      const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
      expect((await fetch(new URL(script ?? '/missing.js', url))).status).toBe(200);
      const health = await fetch(`${url}/healthz`);
      expect({ status: health.status, body: await health.json() }).toEqual({
        status: 200,
        body: { status: 'ok' },
      });

      // The installed sync puts the server's skills into the agents' folders, and takes them out
      // again when they are switched off on the server.
      const project = path.join(dir.path, 'synced');
      await mkdir(project);
      const sync = () =>
        run(
          skillset,
          [
            'sync',
            '--server',
            url,
            '--token',
            ownerToken ?? '',
            '--agent',
            'claude',
            '--agent',
            'codex',
          ],
          { cwd: project, env },
        );
      const first = await sync();
      expect(first, first.stderr).toMatchObject({ exitCode: 0, stderr: '' });
      for (const root of ['.claude/skills', '.agents/skills']) {
        expect(await readFile(path.join(project, root, 'create-skill/SKILL.md'), 'utf8')).toContain(
          'name: create-skill',
        );
      }
      const lock = JSON.parse(await readFile(path.join(project, 'skillset-lock.json'), 'utf8'));
      expect(Object.keys(lock.skills)).toEqual(['create-skill']);
      const off = await fetch(`${url}/api/skills/create-skill/disable`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(off.status).toBe(200);
      const second = await sync();
      expect(second.stdout).toContain('- create-skill');
      await expect(
        readFile(path.join(project, '.claude/skills/create-skill/SKILL.md')),
      ).rejects.toThrow();
      exited = once(server, 'exit');
      server.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    } finally {
      if (exited === undefined) stopQuietly(server);
    }
  }, 120_000);

  it("connects Claude Code, whose hook then suggests the project's skill for a prompt", async () => {
    const skillset = path.join(prefix, 'bin', 'skillset');
    const project = path.join(dir.path, 'connected');
    await mkdir(path.join(project, '.claude/skills/moon-phase'), { recursive: true });
    await writeFile(
      path.join(project, '.claude/skills/moon-phase/SKILL.md'),
      '---\nname: moon-phase\ndescription: Tell the phase of the moon for a date. Use for astronomy questions.\n---\nUse the synodic month.\n',
    );
    const runtime = await createHookRuntime(dir.path);
    const connectEnv = {
      ...env,
      ...runtime.env,
      PATH: [path.join(prefix, 'bin'), env.PATH].join(path.delimiter),
    };
    try {
      const connected = await run(skillset, ['connect', 'claude'], {
        cwd: project,
        env: connectEnv,
      });
      expect(connected, connected.stderr).toMatchObject({ exitCode: 0, stderr: '' });
      const settings = JSON.parse(
        await readFile(path.join(project, '.claude/settings.json'), 'utf8'),
      );
      const [hook] = settings.hooks.UserPromptSubmit[0].hooks;
      const input = { prompt: 'which phase is the moon in tonight', cwd: project };
      const answer = await runHook(hook.command, JSON.stringify(input), {
        cwd: project,
        env: connectEnv,
      });
      expect(answer, answer.stderr).toMatchObject({ exitCode: 0, stderr: '' });
      expect(JSON.parse(answer.stdout).hookSpecificOutput.additionalContext).toContain(
        '- moon-phase: Tell the phase of the moon for a date.',
      );
    } finally {
      await runtime.stop();
    }
  }, 120_000);

  it.skipIf(!systemNodeIsOld)(
    `refuses the system's older Node (${systemNode}) with one line saying what it needs`,
    async () => {
      const bin = path.join(prefix, 'lib/node_modules/skillset/bin/skillset.js');
      expect(await run('/usr/bin/node', [bin, '--version'], { cwd: dir.path, env })).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: `skillset needs Node.js 22.12 or later; this is ${systemNode}. Install a newer Node (https://nodejs.org) and run skillset again.\n`,
      });
    },
  );
});

function stopQuietly(child: ChildProcess): void {
  if (child.exitCode === null) child.kill('SIGKILL');
}
