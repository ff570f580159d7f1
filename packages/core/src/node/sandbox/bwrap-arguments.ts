import { lstatSync, readlinkSync } from 'node:fs';

/** Options for {@link buildBwrapArguments}. */
export interface BwrapArgumentsOptions {
  /** Share the host's network; otherwise the script gets a network namespace of its own. */
  network: boolean;
  /**
   * When Skillset runs as root: no user namespace (the kernel exempts uid 0 from the process
   * limit), and the command drops to this uid and gid inside, through `setpriv`.
   */
  dropTo?: { uid: number; setpriv: string };
  /** The size of the script's private `/tmp`. */
  tmpBytes: number;
  /** Mounted read-only at `/skill`. */
  skillDir?: string;
  /** Mounted read-write at `/scratch`, the working directory. */
  scratchDir?: string;
  /** A file descriptor bwrap reads more NUL-separated arguments from (the `--setenv`s). */
  argumentsFd?: number;
  /** A file descriptor bwrap reads a seccomp program from (the filter against user namespaces). */
  seccompFd?: number;
  command: readonly string[];
}

/** The top-level system folders, mounted read-only or linked as the host has them. */
const SYSTEM_ROOTS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** The parts of /etc the interpreters need; the rest of /etc stays out of sight. */
const ETC_FILES = [
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
];

/** What name resolution and TLS need, mounted only for a script with network access. */
const NETWORK_ETC_FILES = [
  '/etc/ca-certificates',
  '/etc/gai.conf',
  '/etc/host.conf',
  '/etc/hosts',
  '/etc/nsswitch.conf',
  '/etc/pki',
  '/etc/protocols',
  '/etc/resolv.conf',
  '/etc/services',
  '/etc/ssl',
];

function systemRootArguments(): string[] {
  const result: string[] = [];
  for (const root of SYSTEM_ROOTS) {
    const stats = lstatSync(root, { throwIfNoEntry: false });
    if (stats === undefined) continue;
    if (stats.isSymbolicLink()) result.push('--symlink', readlinkSync(root), root);
    else if (stats.isDirectory()) result.push('--ro-bind', root, root);
  }
  return result;
}

/**
 * The bubblewrap command line for one script: new namespaces (network only when granted), the
 * system's programs and libraries read-only, a few files of /etc, fresh /proc, /dev and /tmp, the
 * skill read-only at /skill, the scratch folder read-write at /scratch as the working directory,
 * and an empty environment.
 */
export function buildBwrapArguments(options: BwrapArgumentsOptions): string[] {
  const namespaces =
    options.dropTo === undefined
      ? ['--unshare-all', '--unshare-user', '--uid', '65534', '--gid', '65534']
      : ['--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup-try'];
  if (options.network) {
    if (options.dropTo === undefined) namespaces.push('--share-net');
  } else if (options.dropTo !== undefined) {
    namespaces.push('--unshare-net');
  }
  const etc = options.network ? [...ETC_FILES, ...NETWORK_ETC_FILES] : ETC_FILES;
  const args = [
    ...namespaces,
    '--die-with-parent',
    '--new-session',
    '--ro-bind',
    '/usr',
    '/usr',
    ...systemRootArguments(),
    '--perms',
    '0755',
    '--dir',
    '/etc',
    ...etc.flatMap((file) => ['--ro-bind-try', file, file]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--size',
    String(options.tmpBytes),
    '--tmpfs',
    '/tmp',
  ];
  if (options.skillDir !== undefined) args.push('--ro-bind', options.skillDir, '/skill');
  if (options.scratchDir !== undefined) {
    args.push('--bind', options.scratchDir, '/scratch', '--chdir', '/scratch');
  }
  args.push('--clearenv');
  if (options.argumentsFd !== undefined) args.push('--args', String(options.argumentsFd));
  if (options.seccompFd !== undefined) args.push('--seccomp', String(options.seccompFd));
  if (options.dropTo !== undefined) {
    const { uid, setpriv } = options.dropTo;
    args.push(
      '--cap-add',
      'CAP_SETUID',
      '--cap-add',
      'CAP_SETGID',
      setpriv,
      `--reuid=${uid}`,
      `--regid=${uid}`,
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--',
    );
  }
  args.push(...options.command);
  return args;
}
