import { accessSync, constants, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The binary of this Skillset (`packages/cli/bin/skillset.js`, the same from `src/` and `dist/`). */
export const SKILLSET_BIN = fileURLToPath(new URL('../../bin/skillset.js', import.meta.url));

const realpath = (file: string): string | undefined => {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
};

/** Quotes a word for a POSIX shell when it needs it. */
export function quoteShellWord(word: string): string {
  return /^[\w./=:@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The command an agent's settings run this Skillset with, and whether it is found on PATH. */
export interface SkillsetCommand {
  command: string;
  /** The same program unquoted, for settings that take a program and its arguments apart. */
  binary: string;
  onPath: boolean;
}

/**
 * `skillset` when the first `skillset` on PATH is this very installation (a settings file others
 * share then works for them too); otherwise this binary's absolute path, quoted for the shell.
 */
export function skillsetCommand(
  env: Readonly<Record<string, string | undefined>>,
): SkillsetCommand {
  const own = realpath(SKILLSET_BIN);
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'skillset');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    if (own !== undefined && realpath(candidate) === own)
      return { command: 'skillset', binary: 'skillset', onPath: true };
    break;
  }
  const binary = own ?? SKILLSET_BIN;
  return { command: quoteShellWord(binary), binary, onPath: false };
}
