/** The system calls that make or enter namespaces, and the audit architecture, per CPU. */
interface Architecture {
  audit: number;
  unshare: number;
  clone: number;
  clone3: number;
  setns: number;
  /** x86-64 also accepts x32 calls, numbered from this bit on: all refused. */
  x32Bit?: number;
}

const ARCHITECTURES: Partial<Record<NodeJS.Architecture, Architecture>> = {
  x64: { audit: 0xc000003e, unshare: 272, clone: 56, clone3: 435, setns: 308, x32Bit: 0x40000000 },
  arm64: { audit: 0xc00000b7, unshare: 97, clone: 220, clone3: 435, setns: 268 },
};

const CLONE_NEWUSER = 0x10000000;
const EPERM = 1;
const ENOSYS = 38;

const LOAD_WORD = 0x20;
const JUMP_EQUAL = 0x15;
const JUMP_AT_LEAST = 0x35;
const JUMP_ANY_BIT = 0x45;
const RETURN = 0x06;
const ALLOW = 0x7fff0000;
const KILL_PROCESS = 0x80000000;
const FAIL_WITH = (errno: number) => 0x00050000 | errno;

// Offsets in struct seccomp_data: the call's number, the ABI, the low half of its first argument.
const NUMBER = 0;
const ARCH = 4;
const FIRST_ARGUMENT = 16;

type Instruction = [code: number, thenLabel: string | 0, elseLabel: string | 0, value: number];

/** Lays out instructions whose jumps name labels (`'name:'` entries), as classic BPF. */
function assemble(program: Array<Instruction | string>): Buffer {
  const labels = new Map<string, number>();
  const instructions: Instruction[] = [];
  for (const item of program) {
    if (typeof item === 'string') labels.set(item.replace(/:$/, ''), instructions.length);
    else instructions.push(item);
  }
  const bytes = Buffer.alloc(instructions.length * 8);
  instructions.forEach(([code, then, otherwise, value], index) => {
    const offset = (label: string | 0) => {
      const target = label === 0 ? index + 1 : labels.get(label);
      if (target === undefined || target <= index) throw new Error(`bad jump to ${label}`);
      return target - index - 1;
    };
    bytes.writeUInt16LE(code, index * 8);
    bytes.writeUInt8(offset(then), index * 8 + 2);
    bytes.writeUInt8(offset(otherwise), index * 8 + 3);
    bytes.writeUInt32LE(value >>> 0, index * 8 + 4);
  });
  return bytes;
}

/**
 * A seccomp program (classic BPF, for bubblewrap's `--seccomp FD`) that keeps a sandboxed script
 * from making a user namespace, where it would be uid 0: `unshare` and `clone` with
 * `CLONE_NEWUSER` and every `setns` fail with EPERM, `clone3` (whose flags a filter cannot read)
 * with ENOSYS so C libraries fall back to `clone`, and calls of another ABI (x32, 32-bit) end the
 * process. Undefined on a CPU it has no system call numbers for.
 */
export function buildUserNamespaceFilter(
  arch: NodeJS.Architecture = process.arch,
): Buffer | undefined {
  const calls = ARCHITECTURES[arch];
  if (calls === undefined) return undefined;
  return assemble([
    [LOAD_WORD, 0, 0, ARCH],
    [JUMP_EQUAL, 0, 'kill', calls.audit],
    [LOAD_WORD, 0, 0, NUMBER],
    ...(calls.x32Bit === undefined
      ? []
      : [[JUMP_AT_LEAST, 'kill', 0, calls.x32Bit] satisfies Instruction]),
    [JUMP_EQUAL, 'flags', 0, calls.unshare],
    [JUMP_EQUAL, 'flags', 0, calls.clone],
    [JUMP_EQUAL, 'nosys', 0, calls.clone3],
    [JUMP_EQUAL, 'deny', 'allow', calls.setns],
    'flags:',
    [LOAD_WORD, 0, 0, FIRST_ARGUMENT],
    [JUMP_ANY_BIT, 'deny', 'allow', CLONE_NEWUSER],
    'allow:',
    [RETURN, 0, 0, ALLOW],
    'deny:',
    [RETURN, 0, 0, FAIL_WITH(EPERM)],
    'nosys:',
    [RETURN, 0, 0, FAIL_WITH(ENOSYS)],
    'kill:',
    [RETURN, 0, 0, KILL_PROCESS],
  ]);
}
