import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SkillsetError } from '../../errors/skillset-error.ts';
import { findBinary } from '../probe-binaries.ts';
import { buildBwrapArguments } from './bwrap-arguments.ts';
import { findSystemProgram } from './choose-interpreter.ts';
import type { SandboxErrorCode } from './sandbox-error-code.ts';
import { buildUserNamespaceFilter } from './user-namespace-filter.ts';

/** Options for {@link checkSandbox} and {@link findSandboxTools}. */
export interface CheckSandboxOptions {
  /** The bubblewrap program; default `SKILLSET_BWRAP`, else `bwrap` on the PATH. */
  bwrap?: string;
}

/** Whether scripts can run in the sandbox here, and if not, why and how to fix it. */
export type SandboxCheck = { available: true } | { available: false; reason: string };

/** The programs a sandboxed run uses. */
export interface SandboxTools {
  bwrap: string;
  prlimit: string;
  /** Only when Skillset runs as root, to drop to an unprivileged uid inside the sandbox. */
  setpriv?: string;
}

const INSTALL_BWRAP =
  'install it: apt-get install bubblewrap (Debian, Ubuntu) or dnf install bubblewrap';

/** True when this process runs as root, where the sandbox drops to another uid itself. */
export function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}

/** Finds bubblewrap, prlimit and (as root) setpriv, or says which one is missing. */
export function findSandboxTools(
  options: CheckSandboxOptions = {},
): SandboxTools | { missing: string } {
  if (process.platform !== 'linux') {
    return {
      missing: `the sandbox (bubblewrap) runs only on Linux, and this is ${process.platform}`,
    };
  }
  if (buildUserNamespaceFilter() === undefined) {
    return {
      missing: `the sandbox's system-call filter, which keeps scripts from making user namespaces, knows x64 and arm64 CPUs, and this is ${process.arch}`,
    };
  }
  const configured = options.bwrap ?? process.env.SKILLSET_BWRAP;
  const bwrap =
    findBinary(configured ?? 'bwrap') ??
    (configured === undefined ? findSystemProgram('bwrap') : undefined);
  if (bwrap === undefined) {
    return {
      missing:
        configured === undefined
          ? `bubblewrap (bwrap) is not installed; ${INSTALL_BWRAP}`
          : `bubblewrap was set to ${configured} (SKILLSET_BWRAP), which is not an executable; ${INSTALL_BWRAP}, or point SKILLSET_BWRAP at it`,
    };
  }
  const prlimit = findSystemProgram('prlimit');
  if (prlimit === undefined) {
    return {
      missing:
        'prlimit, which sets the limits, is not installed; install it: apt-get install util-linux',
    };
  }
  if (!runsAsRoot()) return { bwrap, prlimit };
  const setpriv = findSystemProgram('setpriv');
  if (setpriv === undefined) {
    return {
      missing:
        'setpriv, which drops root inside the sandbox, is not installed; install it: apt-get install util-linux',
    };
  }
  return { bwrap, prlimit, setpriv };
}

function readSysctl(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Names the kernel setting that keeps bubblewrap from making a user namespace, if one does. */
function userNamespaceAdvice(): string | undefined {
  if (readSysctl('/proc/sys/kernel/unprivileged_userns_clone') === '0') {
    return 'user namespaces are disabled (kernel.unprivileged_userns_clone = 0); enable them: sysctl -w kernel.unprivileged_userns_clone=1';
  }
  if (readSysctl('/proc/sys/user/max_user_namespaces') === '0') {
    return 'user namespaces are disabled (user.max_user_namespaces = 0); enable them: sysctl -w user.max_user_namespaces=15000';
  }
  if (readSysctl('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1') {
    return 'AppArmor keeps unprivileged programs from making user namespaces (kernel.apparmor_restrict_unprivileged_userns = 1); allow bwrap with an AppArmor profile, or: sysctl -w kernel.apparmor_restrict_unprivileged_userns=0';
  }
  return undefined;
}

function probe(tools: SandboxTools): Promise<SandboxCheck> {
  const args = buildBwrapArguments({
    network: false,
    tmpBytes: 1024 * 1024,
    ...(tools.setpriv === undefined ? {} : { dropTo: { uid: 65534, setpriv: tools.setpriv } }),
    command: [tools.prlimit, '--nproc=16', '--', tools.prlimit, '--version'],
  });
  return new Promise((resolve) => {
    execFile(tools.bwrap, args, { env: {}, timeout: 10_000 }, (error, _stdout, stderr) => {
      if (error === null) return resolve({ available: true });
      const said = stderr.trim().split('\n').at(-1) ?? error.message;
      const advice = userNamespaceAdvice();
      resolve({
        available: false,
        reason:
          advice === undefined
            ? `bubblewrap (${tools.bwrap}) cannot make a sandbox here: ${said}`
            : `bubblewrap (${tools.bwrap}) cannot make a sandbox here: ${advice} (bwrap said: ${said})`,
      });
    });
  });
}

const checks = new Map<string, Promise<SandboxCheck>>();

/**
 * Says whether skill scripts can run in the bubblewrap sandbox here: bwrap, prlimit (and setpriv
 * as root) installed, and a trial sandbox starts. The answer is remembered per bwrap program.
 */
export function checkSandbox(options: CheckSandboxOptions = {}): Promise<SandboxCheck> {
  const tools = findSandboxTools(options);
  if ('missing' in tools) return Promise.resolve({ available: false, reason: tools.missing });
  const key = `${tools.bwrap}\0${tools.setpriv ?? ''}`;
  let check = checks.get(key);
  if (check === undefined) {
    check = probe(tools);
    checks.set(key, check);
  }
  return check;
}

/** The sandbox's programs once a trial sandbox worked; throws `sandbox_unavailable` otherwise. */
export async function requireSandbox(
  options: CheckSandboxOptions,
  script: string,
): Promise<SandboxTools> {
  const check = await checkSandbox(options);
  const tools = findSandboxTools(options);
  if (check.available && !('missing' in tools)) return tools;
  const reason = check.available ? (tools as { missing: string }).missing : check.reason;
  throw new SkillsetError<SandboxErrorCode>({
    code: 'sandbox_unavailable',
    message: `Cannot run ${script} in a sandbox: ${reason}.`,
    details: { reason },
  });
}
