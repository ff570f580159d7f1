import os from 'node:os';
import type { SkillRegistry } from '@skillset/core';
import { createRegistry } from '@skillset/core/lean';
import { BUILTIN_SKILLS_DIR, createStandardSources, defaultCacheDir } from '@skillset/core/node';
import { createProgress } from './output/progress.ts';
import type { Terminal } from './output/terminal.ts';

/** Opens and loads the registry of the standard locations, the built-in skills and `dirs`. */
export async function openLocalRegistry(
  terminal: Terminal,
  dirs: readonly string[],
): Promise<SkillRegistry> {
  const home = terminal.env.HOME || os.homedir();
  const sources = createStandardSources({
    cwd: terminal.cwd,
    home,
    dirs,
    builtinDir: BUILTIN_SKILLS_DIR,
    cacheDir: defaultCacheDir({ env: terminal.env, home }),
  });
  const registry = createRegistry({ sources });
  const progress = createProgress(terminal);
  progress.update('Scanning skill folders…');
  try {
    await registry.load();
  } finally {
    progress.done();
  }
  return registry;
}

/** Writes the registry's source issues to stderr, labelled; true when one is an error (a missing `--dir`). */
export async function reportSourceIssues(
  terminal: Terminal,
  registry: SkillRegistry,
): Promise<boolean> {
  const issues = await registry.issues();
  for (const issue of issues) {
    terminal.stderr.write(`skillset: ${issue.severity}: ${issue.message}\n`);
  }
  return issues.some((issue) => issue.severity === 'error');
}
