import os from 'node:os';
import type { SkillRegistry, SkillSource } from '@skillset/core';
import { createRegistry } from '@skillset/core/lean';
import {
  BUILTIN_SKILLS_DIR,
  createStandardSources,
  defaultCacheDir,
  loadPolicyConfig,
} from '@skillset/core/node';
import { createLocalMcpSources } from './create-local-mcp-sources.ts';
import { userPolicyConfigFile } from './open-local-policy.ts';
import { createProgress } from './output/progress.ts';
import type { Terminal } from './output/terminal.ts';

/** Options for {@link openLocalRegistry}. */
export interface OpenLocalRegistryOptions {
  /** Also connect to the MCP servers of the local config (`mcpServers`); default true. */
  mcpServers?: boolean;
  /** Watch the folders for edits (a long-running command). */
  watch?: boolean;
}

/** Creates the sources of the local registry: standard locations, built-ins, `dirs` and the config's MCP servers. */
export async function createLocalSources(
  terminal: Terminal,
  dirs: readonly string[],
  options: OpenLocalRegistryOptions = {},
): Promise<SkillSource[]> {
  const home = terminal.env.HOME || os.homedir();
  const sources: SkillSource[] = createStandardSources({
    cwd: terminal.cwd,
    home,
    env: terminal.env,
    dirs,
    builtinDir: BUILTIN_SKILLS_DIR,
    cacheDir: defaultCacheDir({ env: terminal.env, home }),
    ...(options.watch === true ? { watch: true } : {}),
  });
  if (options.mcpServers === false) return sources;
  const loaded = await loadPolicyConfig({
    cwd: terminal.cwd,
    env: terminal.env,
    userConfigFile: userPolicyConfigFile(terminal),
  });
  return [...sources, ...(await createLocalMcpSources(terminal, loaded))];
}

/** Opens and loads the registry of the standard locations, the built-in skills, `dirs` and the config's MCP servers. */
export async function openLocalRegistry(
  terminal: Terminal,
  dirs: readonly string[],
  options: OpenLocalRegistryOptions = {},
): Promise<SkillRegistry> {
  const sources = await createLocalSources(terminal, dirs, options);
  const registry = createRegistry({ sources });
  const progress = createProgress(terminal);
  progress.update(
    sources.length > 0 && sources.some((source) => source.id.startsWith('mcp:'))
      ? 'Scanning skill folders and MCP servers…'
      : 'Scanning skill folders…',
  );
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
