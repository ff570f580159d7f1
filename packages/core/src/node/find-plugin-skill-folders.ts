import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';

/** A Claude Code plugin found in a `--dir` folder: its name and the skill folders it declares. */
export interface PluginSkillFolders {
  /** The plugin's `name` from `.claude-plugin/plugin.json` (its folder name when absent). */
  plugin: string;
  /** The plugin's folder. */
  root: string;
  /** The plugin's skill folders: `skills/` and any paths in the manifest's `skills` field. */
  folders: string[];
}

/**
 * The Claude Code plugins a folder holds: the folder itself when it has
 * `.claude-plugin/plugin.json`, else the plugins listed (by relative path) in its
 * `.claude-plugin/marketplace.json`. Empty for any other folder (an ordinary skills folder).
 */
export function findPluginSkillFolders(dir: string): PluginSkillFolders[] {
  const root = resolve(dir);
  const plugin = readPlugin(root);
  if (plugin !== undefined) return [plugin];
  const marketplace = readJson(join(root, '.claude-plugin', 'marketplace.json'));
  if (isRecord(marketplace) && Array.isArray(marketplace.plugins)) {
    return marketplace.plugins.flatMap((entry) => {
      if (!isRecord(entry) || typeof entry.source !== 'string') return [];
      const found = readPlugin(resolve(root, entry.source), entry.name);
      return found === undefined ? [] : [found];
    });
  }
  return [];
}

function readPlugin(pluginDir: string, listedName?: unknown): PluginSkillFolders | undefined {
  const manifestFile = join(pluginDir, '.claude-plugin', 'plugin.json');
  if (!statSync(manifestFile, { throwIfNoEntry: false })?.isFile()) return undefined;
  const manifest = readJson(manifestFile);
  const name = isRecord(manifest) && typeof manifest.name === 'string' ? manifest.name : undefined;
  const declared = isRecord(manifest) ? manifest.skills : undefined;
  const extra = (Array.isArray(declared) ? declared : [declared]).filter(
    (path): path is string => typeof path === 'string',
  );
  // A declared path must stay inside the plugin.
  const inside = extra
    .map((path) => resolve(pluginDir, path))
    .filter((path) => path.startsWith(pluginDir + sep));
  return {
    plugin: name ?? (typeof listedName === 'string' ? listedName : basename(pluginDir)),
    root: pluginDir,
    folders: [...new Set([join(pluginDir, 'skills'), ...inside])],
  };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
