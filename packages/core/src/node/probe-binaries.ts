import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Options for {@link createBinaryProbe}; each defaults to this process's value. */
export interface BinaryProbeOptions {
  /** The search path, `PATH` by default. */
  searchPath?: string;
  /** Windows executable extensions, `PATHEXT` by default. */
  pathExtensions?: string;
  /** `process.platform` by default; `win32` tries `pathExtensions` and skips the execute bit. */
  platform?: string;
}

/** A PATH lookup that remembers its answers until {@link BinaryProbe.clear} is called. */
export interface BinaryProbe {
  (name: string): boolean;
  /** Forgets every remembered answer, e.g. after PATH or the installed tools changed. */
  clear(): void;
}

function isExecutableFile(candidate: string, platform: string): boolean {
  try {
    if (!statSync(candidate).isFile()) return false;
    if (platform !== 'win32') accessSync(candidate, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds the executable a command name resolves to on the search path, or `undefined`. */
export function findBinary(name: string, options: BinaryProbeOptions = {}): string | undefined {
  const platform = options.platform ?? process.platform;
  const delimiter = platform === 'win32' ? ';' : ':';
  const extensions =
    platform === 'win32'
      ? ['', ...(options.pathExtensions ?? process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';')]
      : [''];
  const withExtensions = (base: string) =>
    extensions
      .filter(
        (extension) => extension === '' || !base.toLowerCase().endsWith(extension.toLowerCase()),
      )
      .map((extension) => base + extension.toLowerCase());
  if (name === '') return undefined;
  if (name.includes('/') || (platform === 'win32' && name.includes('\\'))) {
    return withExtensions(name).find((candidate) => isExecutableFile(candidate, platform));
  }
  const searchPath = options.searchPath ?? process.env.PATH ?? '';
  for (const directory of searchPath.split(delimiter)) {
    if (directory === '') continue;
    const found = withExtensions(path.join(directory, name)).find((candidate) =>
      isExecutableFile(candidate, platform),
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Creates the PATH probe injected as `environment.hasBinary`: true when `name` is an executable on the path. */
export function createBinaryProbe(options: BinaryProbeOptions = {}): BinaryProbe {
  const answers = new Map<string, boolean>();
  const probe = (name: string): boolean => {
    let answer = answers.get(name);
    if (answer === undefined) {
      answer = findBinary(name, options) !== undefined;
      answers.set(name, answer);
    }
    return answer;
  };
  return Object.assign(probe, { clear: () => answers.clear() });
}
