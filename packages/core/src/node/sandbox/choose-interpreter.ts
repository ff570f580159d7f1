import { accessSync, constants, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { SkillsetError } from '../../errors/skillset-error.ts';
import type { ResolvedSkillScript } from './resolve-skill-script.ts';
import type { SandboxErrorCode } from './sandbox-error-code.ts';

/** The folders a script's programs come from; the sandbox sees them at the same paths. */
export const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

interface Interpreter {
  /** Program names, in order of preference. */
  programs: readonly string[];
  /** The Debian package that installs the first one. */
  package: string;
}

const PYTHON: Interpreter = { programs: ['python3'], package: 'python3' };
const SHELL: Interpreter = { programs: ['bash', 'sh'], package: 'bash' };
const NODE: Interpreter = { programs: ['node'], package: 'nodejs' };

/** The interpreter of each extension Skillset knows. */
const INTERPRETERS: Readonly<Record<string, Interpreter>> = {
  '.py': PYTHON,
  '.sh': SHELL,
  '.js': NODE,
  '.mjs': NODE,
  '.cjs': NODE,
};

/** Where programs may live: the system's read-only folders, which the sandbox also mounts. */
const SYSTEM_PREFIXES = ['/usr/', '/bin/', '/sbin/'];

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds a program in the system folders a script sees, or `undefined`. */
export function findSystemProgram(name: string): string | undefined {
  for (const folder of SANDBOX_PATH.split(':')) {
    const candidate = `${folder}/${name}`;
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

async function readShebang(path: string): Promise<string | undefined> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(256);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    if (!head.startsWith('#!')) return undefined;
    return head.slice(2).split('\n')[0]?.trim();
  } finally {
    await file.close();
  }
}

function notRunnable(script: string, reason: string): SkillsetError<SandboxErrorCode> {
  return new SkillsetError<SandboxErrorCode>({
    code: 'script_not_runnable',
    message: `Cannot run ${script}: ${reason}`,
    details: { script },
  });
}

/**
 * The program that runs a script, by extension (`.py` python3, `.sh` bash, `.js/.mjs/.cjs`
 * node), or `undefined` when an executable script runs by its own `#!` line. Every program comes
 * from the system folders (`/usr`, `/bin`), which the sandbox mounts read-only.
 */
export async function chooseInterpreter(script: ResolvedSkillScript): Promise<string | undefined> {
  const interpreter = INTERPRETERS[extname(script.relativePath).toLowerCase()];
  if (interpreter !== undefined) {
    for (const name of interpreter.programs) {
      const found = findSystemProgram(name);
      if (found !== undefined) return found;
    }
    throw notRunnable(
      script.relativePath,
      `it needs ${interpreter.programs.join(' or ')}, which is not installed in ${SANDBOX_PATH.replaceAll(':', ', ')} (scripts see only the system's programs); install it: apt-get install ${interpreter.package}.`,
    );
  }
  const shebang = await readShebang(script.path);
  const known =
    'Skillset runs .py with python3, .sh with bash, .js/.mjs/.cjs with node, and other files by their #! line when they are executable.';
  if (shebang === undefined) {
    throw notRunnable(script.relativePath, `it has no known extension and no #! line. ${known}`);
  }
  if ((script.mode & 0o111) === 0) {
    throw notRunnable(
      script.relativePath,
      `it has a #! line but is not executable (chmod +x ${script.relativePath}). ${known}`,
    );
  }
  const [program = '', firstArgument] = shebang.split(/\s+/);
  const visible = SYSTEM_PREFIXES.some((prefix) => program.startsWith(prefix));
  if (!visible || !isExecutable(program)) {
    throw notRunnable(
      script.relativePath,
      `its #! line names ${program || 'nothing'}, which is not a program in /usr or /bin (scripts see only the system's programs).`,
    );
  }
  if (program.endsWith('/env') && firstArgument !== undefined && !firstArgument.startsWith('-')) {
    if (findSystemProgram(firstArgument) === undefined) {
      throw notRunnable(
        script.relativePath,
        `its #! line asks for ${firstArgument}, which is not installed in ${SANDBOX_PATH.replaceAll(':', ', ')}.`,
      );
    }
  }
  return undefined;
}
