#!/usr/bin/env node
// The `skillset` command. Installed from the registry it runs the compiled `dist/`; in a checkout
// of the repository it runs the TypeScript sources, so there is nothing to build first.
import { existsSync, realpathSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerCommonJsHooks } from './commonjs-hooks.js';

// Node's compile cache (NODE_COMPILE_CACHE, else the OS temp folder) keeps compiled code and, in a
// checkout, the type-stripped sources between runs: stripping alone costs ~40 ms per start.
module.enableCompileCache?.();

const binFile = realpathSync(fileURLToPath(import.meta.url));
const packageDir = path.dirname(path.dirname(binFile));
const sourceBin = path.join(packageDir, 'src', 'bin.ts');
const isCheckout = existsSync(sourceBin) && !packageDir.split(path.sep).includes('node_modules');

/** The repository's own Node (its `node` dev dependency), found above the package folder. */
function findRepositoryNode() {
  for (let dir = packageDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '.bin', 'node');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A subpath import (`#…`) of Skillset's own sources: in a checkout they are never under node_modules. */
function isOwnImport(specifier, context) {
  return specifier.startsWith('#') && !context.parentURL?.includes('/node_modules/');
}

/** Runs this file again under another Node, passing signals on and exiting as it exits. */
async function rerunWith(node) {
  const { spawn } = await import('node:child_process');
  const child = spawn(node, [binFile, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    process.exit(code ?? 1);
  });
}

/** Whether this Node is older than the `engines` range (>=22.12), which npm only warns about. */
function isUnsupportedNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 12);
}

/** `skillset hook <agent>`, run by an agent on every prompt, through the resident hook server. */
async function answerHook() {
  const { runHookClient } = await import('./hook-client.js');
  return runHookClient(process.argv.slice(2), process.env);
}

/** Malloc settings for `skillset serve`: two arenas, and freed memory handed back to the system. */
const SERVE_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/**
 * `skillset serve` runs long with PGlite beside it: on Linux it replaces itself (same process id)
 * with a Node whose young generation is capped at 16 MB (V8 sizes it from the machine's memory:
 * 128 MB on 24 GB), whose old generation grows by 30% between collections instead of up to 4×,
 * and whose malloc returns what it frees, which keeps memory after load near PGlite's own at the
 * same throughput (decisions 0151, 0152). An operator's own NODE_OPTIONS or MALLOC_* settings win.
 */
function tuneServeProcess() {
  if (process.argv[2] !== 'serve' || process.platform !== 'linux') return;
  if (typeof process.execve !== 'function') return;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (given.includes('--max-semi-space-size')) return;
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...process.execArgv,
      '--max-semi-space-size=8',
      '--heap-growing-percent=30',
      binFile,
      ...process.argv.slice(2),
    ],
    { ...SERVE_MALLOC_ENV, ...process.env },
  );
}

tuneServeProcess();

if (!isCheckout && isUnsupportedNode()) {
  process.stderr.write(
    `skillset needs Node.js 22.12 or later; this is ${process.version}. Install a newer Node ` +
      '(https://nodejs.org) and run skillset again.\n',
  );
  process.exit(1);
} else if (process.argv[2] === 'hook' && (await answerHook())) {
  // Answered by the hook server, without loading the command line (decision 0143).
} else if (!isCheckout) {
  registerCommonJsHooks();
  await import('../dist/bin.js');
} else if (process.features.typescript && module.registerHooks) {
  registerCommonJsHooks();
  // Skillset's own packages and their `#` imports resolve to their sources; others resolve as usual.
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      if (
        !specifier.startsWith('@skillset/') &&
        specifier !== 'skillset' &&
        !isOwnImport(specifier, context)
      ) {
        return nextResolve(specifier, context);
      }
      return nextResolve(specifier, { ...context, conditions: ['source', ...context.conditions] });
    },
  });
  await import(sourceBin);
} else {
  const node = findRepositoryNode();
  if (!node || node === process.execPath) {
    process.stderr.write(
      `skillset: running from a checkout needs Node.js >= 22.18 (this is ${process.version}); ` +
        'run `npm ci` in the repository to get its Node, or use a release of skillset.\n',
    );
    process.exit(1);
  }
  await rerunWith(node);
}
