// `npm run release:pack [-- DIR]`: writes skillset-<version>.tgz to release/ (or DIR): the
// `skillset` package (packages/cli) with the other workspace packages bundled inside it, compiled,
// and the built web UI in @skillset/server's `web/`; beside it the libraries a host app installs
// (@skillset/core, @skillset/agent, @skillset/mcp). It prints one path a line, the CLI's last. It
// builds in a temporary copy, so the checkout gets no dist/.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The workspace packages bundled inside `skillset`. */
const BUNDLED = ['core', 'store', 'mcp', 'agent', 'server'];

/** The bundled packages also released on their own, for host apps. */
const LIBRARIES = ['core', 'agent', 'mcp'];

type Manifest = Record<string, unknown> & {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
};

const repoRoot = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);

async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const options = { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 } as const;
    return (await promisify(execFile)(command, args, options)).stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

async function readManifest(folder: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8')) as Manifest;
}

async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Copies the packages' sources to `staging`, with a node_modules of the repository's packages. */
async function stage(staging: string): Promise<void> {
  for (const file of ['tsconfig.base.json', 'tsconfig.json']) {
    await cp(path.join(repoRoot, file), path.join(staging, file));
  }
  for (const name of [...BUNDLED, 'cli']) {
    const folder = path.join(repoRoot, 'packages', name);
    await cp(folder, path.join(staging, 'packages', name), {
      recursive: true,
      filter: (source) =>
        !['dist', 'node_modules', 'web'].includes(path.relative(folder, source)) &&
        !source.endsWith('.tsbuildinfo'),
    });
  }
  const modules = path.join(staging, 'node_modules');
  await mkdir(path.join(modules, '@skillset'), { recursive: true });
  for (const entry of await readdir(path.join(repoRoot, 'node_modules'))) {
    if (['.bin', '@skillset', 'skillset'].includes(entry)) continue;
    await symlink(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const name of BUNDLED) {
    await symlink(path.join(staging, 'packages', name), path.join(modules, '@skillset', name));
  }
  for (const name of [...BUNDLED, 'cli']) await linkNestedModules(name, staging);
}

/**
 * Links the entries of a package's own `node_modules` (the versions npm could not hoist, such as
 * OpenTelemetry's) into a real folder in staging, so the build finds them and the bundling below
 * writes into staging, never into the checkout.
 */
async function linkNestedModules(name: string, staging: string): Promise<void> {
  const nested = path.join(repoRoot, 'packages', name, 'node_modules');
  const entries = await readdir(nested).catch(() => []);
  const target = path.join(staging, 'packages', name, 'node_modules');
  for (const entry of entries.filter((entry) => !['.bin', '@skillset'].includes(entry))) {
    await mkdir(target, { recursive: true });
    await symlink(path.join(nested, entry), path.join(target, entry));
  }
}

/** `npm pack`s a folder into `destination` and returns the tarball's path. */
async function pack(folder: string, destination: string): Promise<string> {
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', destination];
  const [packed] = JSON.parse(await run('npm', args, folder)) as { filename: string }[];
  if (packed === undefined) throw new Error(`npm pack wrote nothing for ${folder}`);
  return path.join(destination, packed.filename);
}

/** The third-party dependencies of the manifests, with the one range they agree on. */
function thirdPartyDependencies(manifests: Manifest[]): Record<string, string> {
  const merged = new Map<string, string>();
  for (const manifest of manifests) {
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (name.startsWith('@skillset/')) continue;
      const other = merged.get(name);
      if (other !== undefined && other !== range) {
        throw new Error(`the packages want ${name} at ${other} and at ${range}`);
      }
      merged.set(name, range);
    }
  }
  return Object.fromEntries(merged);
}

async function main(): Promise<void> {
  const staging = await mkdtemp(path.join(tmpdir(), 'skillset-release-'));
  try {
    await stage(staging);
    const webDir = path.join(staging, 'packages', 'server', 'web');
    const viteArgs = ['build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'error'];
    await Promise.all([
      run(process.execPath, [bin('tsc'), '-b'], staging),
      run(process.execPath, [bin('vite'), ...viteArgs], path.join(repoRoot, 'apps', 'web')),
    ]);

    const cliDir = path.join(staging, 'packages', 'cli');
    const tarballs = path.join(staging, 'tarballs');
    await mkdir(tarballs);
    const releaseDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'release'));
    await mkdir(releaseDir, { recursive: true });
    const { scripts, ...cli } = await readManifest(cliDir);
    const bundledManifests: Manifest[] = [];
    for (const name of BUNDLED) {
      const bundled = path.join(cliDir, 'node_modules', '@skillset', name);
      await mkdir(bundled, { recursive: true });
      const tarball = await pack(path.join(staging, 'packages', name), tarballs);
      if (LIBRARIES.includes(name)) {
        const released = path.join(releaseDir, path.basename(tarball));
        await cp(tarball, released);
        console.log(path.relative(process.cwd(), released));
      }
      await run('tar', ['-xzf', tarball, '-C', bundled, '--strip-components=1'], staging);
      const manifest = await readManifest(bundled);
      bundledManifests.push(manifest);
      // npm counts every dependency of a bundled package as bundled too, and a global install
      // would then fetch none of them: `skillset` declares them instead, installed beside these.
      const { dependencies, peerDependencies, peerDependenciesMeta, ...rest } = manifest;
      await writeManifest(bundled, rest);
    }
    const dependencies = {
      ...thirdPartyDependencies([cli, ...bundledManifests]),
      ...Object.fromEntries(bundledManifests.map((manifest) => [manifest.name, manifest.version])),
    };
    await writeManifest(cliDir, {
      ...cli,
      dependencies: Object.fromEntries(
        Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)),
      ),
      bundleDependencies: bundledManifests.map((manifest) => manifest.name),
    });
    await cp(path.join(repoRoot, 'README.md'), path.join(cliDir, 'README.md'));

    console.log(path.relative(process.cwd(), await pack(cliDir, releaseDir)));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

await main();
