import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createJsonPathLocator } from '../policy/locate-json-path.ts';
import { mergePolicyConfigs } from '../policy/merge-policy-configs.ts';
import type { PolicyConfig } from '../policy/policy-config-schema.ts';
import { positionAt } from '../policy/position-at.ts';

/** The project's policy config file name, read from the project folder. */
export const PROJECT_POLICY_CONFIG_FILE = 'skillset.json';

/** Options for {@link loadPolicyConfig}. */
export interface LoadPolicyConfigOptions {
  /** The project folder holding `skillset.json`; `process.cwd()` by default. */
  cwd?: string;
  /** The user config file; `$XDG_CONFIG_HOME/skillset/config.json` or `~/.config/skillset/config.json`. */
  userConfigFile?: string;
  /** Environment used to find `XDG_CONFIG_HOME`; `process.env` by default. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The result of {@link loadPolicyConfig}: the merged config and the files it came from. */
export interface LoadPolicyConfigResult {
  config: PolicyConfig;
  /** The files that existed and were read, user first. */
  files: string[];
  user?: PolicyConfig;
  project?: PolicyConfig;
}

/** The default user policy config file for an environment. */
export function defaultUserPolicyConfigFile(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const configHome = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(configHome, 'skillset', 'config.json');
}

function jsonErrorPosition(
  text: string,
  message: string,
): { line: number; column: number } | undefined {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  if (position) return positionAt(text, Number(position[1]));
  if (/end of JSON input/i.test(message)) return positionAt(text, text.length);
  return undefined;
}

/** Reads and validates one policy config file; `undefined` when it does not exist, throws when it is invalid. */
export async function loadPolicyConfigFile(file: string): Promise<PolicyConfig | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SkillsetError({
      code: 'policy_config_unreadable',
      message: `Cannot read policy config ${file}: ${(error as Error).message}`,
      cause: error,
      details: { file },
    });
  }
  // zod (the config schema) loads only when a config file exists.
  const { parsePolicyConfig } = await import('../policy/parse-policy-config.ts');
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/, '');
    const position = jsonErrorPosition(text, (error as Error).message);
    const where = position ? `:${position.line}:${position.column}` : '';
    throw new SkillsetError({
      code: 'malformed_policy_config',
      message: `Malformed JSON in ${file}${where}: ${reason}. Fix the syntax (JSON allows no comments or trailing commas).`,
      cause: error,
      details: { file, ...position },
    });
  }
  return parsePolicyConfig(json, { source: file, locate: createJsonPathLocator(text) });
}

/** Loads the user and project policy configs (either may be absent) and merges them, project winning. */
export async function loadPolicyConfig(
  options: LoadPolicyConfigOptions = {},
): Promise<LoadPolicyConfigResult> {
  const userFile =
    options.userConfigFile ?? defaultUserPolicyConfigFile(options.env ?? process.env);
  const projectFile = path.join(options.cwd ?? process.cwd(), PROJECT_POLICY_CONFIG_FILE);
  const [user, project] = await Promise.all([
    loadPolicyConfigFile(userFile),
    loadPolicyConfigFile(projectFile),
  ]);
  const files = [...(user ? [userFile] : []), ...(project ? [projectFile] : [])];
  return {
    config: mergePolicyConfigs(user ?? {}, project ?? {}),
    files,
    ...(user ? { user } : {}),
    ...(project ? { project } : {}),
  };
}
