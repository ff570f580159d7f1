import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { closestNames } from '@skillset/core';
import { signSkillFolder } from '@skillset/core/node';
import { openLocalRegistry } from '../open-local-registry.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runSign}. */
export interface SignCommandOptions {
  /** A skill name, or the path of a skill folder. */
  target: string;
  /** The SSH key; git's `user.signingkey`, else `~/.ssh/id_ed25519`. */
  key?: string;
  dirs: string[];
  json?: boolean;
}

/** `git config --get user.signingkey`, or undefined when git or the setting is absent. */
function gitSigningKey(terminal: Terminal): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['config', '--get', 'user.signingkey'],
      { cwd: terminal.cwd, env: { ...process.env, ...terminal.env } },
      (error, stdout) => resolve(error ? undefined : stdout.trim() || undefined),
    );
  });
}

/** The key to sign with and where it came from. */
async function chooseKey(
  terminal: Terminal,
  key: string | undefined,
): Promise<{ key: string; from: string }> {
  const home = terminal.env.HOME || os.homedir();
  const expand = (file: string) =>
    path.resolve(terminal.cwd, file.startsWith('~/') ? path.join(home, file.slice(2)) : file);
  if (key !== undefined) return { key: expand(key), from: '--key' };
  const configured = await gitSigningKey(terminal);
  if (configured !== undefined) {
    if (configured.startsWith('key::') || configured.startsWith('ssh-')) {
      throw new Error(
        `git config user.signingkey holds a literal key ("${configured.slice(0, 20)}…"), which skillset sign cannot use; pass --key with the key's file (a private key, or a .pub file whose key is in ssh-agent).`,
      );
    }
    return { key: expand(configured), from: 'git config user.signingkey' };
  }
  return { key: path.join(home, '.ssh', 'id_ed25519'), from: 'the default key' };
}

/** The skill folder a name or path means. */
async function findFolder(terminal: Terminal, options: SignCommandOptions): Promise<string> {
  const asPath = path.resolve(terminal.cwd, options.target);
  const found = await stat(path.join(asPath, 'SKILL.md')).catch(() => undefined);
  if (found?.isFile() === true) return asPath;
  const registry = await openLocalRegistry(terminal, options.dirs, { mcpServers: false });
  try {
    const entry = await registry.get(options.target);
    if (entry !== undefined) return entry.path;
    const names = (await registry.list()).map((skill) => skill.name);
    const suggestions = closestNames(options.target, names);
    const hint =
      suggestions.length > 0
        ? ` Did you mean: ${suggestions.join(', ')}?`
        : ' Run `skillset list` to see the available skills.';
    throw new Error(
      `'${options.target}' is neither a skill folder (no SKILL.md in ${asPath}) nor a skill name.${hint}`,
    );
  } finally {
    await registry.close();
  }
}

/** `skillset sign <skill>`: writes `SKILL.manifest.json` and `SKILL.sig` with an SSH key, as git signs commits. */
export async function runSign(terminal: Terminal, options: SignCommandOptions): Promise<number> {
  const folder = await findFolder(terminal, options);
  const { key, from } = await chooseKey(terminal, options.key);
  const result = await signSkillFolder({ folder, key, env: { ...process.env, ...terminal.env } });
  if (options.json === true) {
    printJson(terminal, { ...result, folder, key });
    return 0;
  }
  printLine(
    terminal,
    `Signed ${result.name} (${folder}) with ${key} (${from}), key ${result.fingerprint}.`,
  );
  printLine(
    terminal,
    `Wrote ${path.basename(result.manifestFile)} and ${path.basename(result.signatureFile)}; check with: skillset verify ${result.name}`,
  );
  return 0;
}
