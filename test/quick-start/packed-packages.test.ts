import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

const PACKAGES = ['core', 'store', 'mcp', 'agent', 'server', 'cli'];

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      command,
      args,
      { ...options, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed:\n${stderr}\n${stdout}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * Copies the packages' sources (no `dist/`, no build info) to `staging`, with a `node_modules` that
 * links the repository's third-party packages and the staged `@skillset/*` packages, so `prepack`
 * builds there and never in the checkout.
 */
async function stagePackages(staging: string): Promise<void> {
  for (const file of ['tsconfig.base.json', 'tsconfig.json']) {
    await cp(path.join(repoRoot, file), path.join(staging, file));
  }
  for (const name of PACKAGES) {
    await cp(path.join(repoRoot, 'packages', name), path.join(staging, 'packages', name), {
      recursive: true,
      filter: (source) => !/[/\\](dist|node_modules)$|\.tsbuildinfo$/.test(source),
    });
  }
  const modules = path.join(staging, 'node_modules');
  await mkdir(path.join(modules, '@skillset'), { recursive: true });
  await mkdir(path.join(modules, '.bin'));
  for (const entry of await readdir(path.join(repoRoot, 'node_modules'))) {
    if (['.bin', '@skillset', 'skillset'].includes(entry)) continue;
    await symlink(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const bin of ['tsc', 'node']) {
    await symlink(path.join(repoRoot, 'node_modules/.bin', bin), path.join(modules, '.bin', bin));
  }
  for (const name of PACKAGES) {
    const folder = path.join(staging, 'packages', name);
    const manifest = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8'));
    await symlink(folder, path.join(modules, manifest.name));
    // A package's own node_modules: the versions npm could not hoist (OpenTelemetry's, say).
    const nested = path.join(repoRoot, 'packages', name, 'node_modules');
    for (const entry of await readdir(nested).catch(() => [])) {
      if (entry === '.bin') continue;
      await mkdir(path.join(folder, 'node_modules'), { recursive: true });
      await symlink(path.join(nested, entry), path.join(folder, 'node_modules', entry));
    }
  }
}

/** The packages of the checkout that have a `dist/` (the test must not add one). */
async function builtPackages(): Promise<string[]> {
  const built: string[] = [];
  for (const name of PACKAGES) {
    const found = await stat(path.join(repoRoot, 'packages', name, 'dist')).catch(() => undefined);
    if (found !== undefined) built.push(name);
  }
  return built;
}

describe('the published packages', () => {
  it('install from their tarballs into an empty folder, and npx skillset mcp serves skills', async () => {
    await using dir = await createTempDir();
    const staging = path.join(dir.path, 'staging');
    const tarballs = path.join(dir.path, 'tarballs');
    const app = path.join(dir.path, 'app');
    const home = path.join(dir.path, 'home');
    await mkdir(tarballs);
    await mkdir(home);
    const builtBefore = await builtPackages();
    await stagePackages(staging);
    const env = {
      ...process.env,
      PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    };

    const packed = JSON.parse(
      await run(
        'npm',
        [
          'pack',
          '--json',
          '--pack-destination',
          tarballs,
          ...PACKAGES.map((name) => `./packages/${name}`),
        ],
        { cwd: staging, env },
      ),
    ) as { filename: string; files: { path: string }[] }[];
    const filesOf = (index: number) => packed[index]?.files.map((file) => file.path) ?? [];
    expect(filesOf(0)).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/node/index.js',
        'skills/create-skill/SKILL.md',
        'src/index.ts',
      ]),
    );
    expect(filesOf(5)).toEqual(
      expect.arrayContaining(['bin/skillset.js', 'dist/bin.js', 'skillset.schema.json']),
    );
    expect(
      packed.flatMap((entry) => entry.files).some((file) => file.path.endsWith('.test.ts')),
    ).toBe(false);

    await mkdir(app);
    await writeFile(path.join(app, 'package.json'), '{ "name": "app", "private": true }\n');
    await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        ...packed.map((entry) => path.join(tarballs, entry.filename)),
      ],
      { cwd: app, env },
    );
    const lock = JSON.parse(await readFile(path.join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string }>;
    };
    for (const name of ['@skillset/core', '@skillset/mcp', 'skillset']) {
      expect(lock.packages[`node_modules/${name}`]?.resolved).toMatch(/^file:.*\.tgz$/);
    }

    await writeSkillTree(path.join(app, 'skills'), [
      { name: 'greet', description: 'Greet someone by name.', body: 'Say hello to $ARGUMENTS.\n' },
    ]);
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['--no-install', 'skillset', 'mcp', '--dir', 'skills'],
      cwd: app,
      env: {
        PATH: env.PATH,
        HOME: home,
        XDG_CACHE_HOME: path.join(home, 'cache'),
        NO_COLOR: '1',
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'tarball-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('skillset');
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(
        expect.arrayContaining(['greet', 'create-skill']),
      );
      const prompt = await client.getPrompt({ name: 'greet', arguments: { arguments: 'Ada' } });
      expect(JSON.stringify(prompt.messages)).toContain('Say hello to Ada.');
    } finally {
      await client.close();
    }
    expect(await builtPackages()).toEqual(builtBefore);
  }, 300_000);
});
