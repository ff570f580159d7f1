import { describe, expect, it } from 'vitest';
import { buildUserNamespaceFilter } from './user-namespace-filter.ts';

/** Runs a classic BPF seccomp program over one call, as the kernel would; returns its action. */
function decide(program: Buffer, call: { arch: number; number: number; flags?: number }): string {
  const data = Buffer.alloc(64);
  data.writeUInt32LE(call.number, 0);
  data.writeUInt32LE(call.arch, 4);
  data.writeUInt32LE(call.flags ?? 0, 16);
  let accumulator = 0;
  for (let index = 0; index < program.length / 8; ) {
    const at = index * 8;
    const [code, then, otherwise, value] = [
      program.readUInt16LE(at),
      program.readUInt8(at + 2),
      program.readUInt8(at + 3),
      program.readUInt32LE(at + 4),
    ];
    if (code === 0x20) accumulator = data.readUInt32LE(value);
    else if (code === 0x06) {
      if (value === 0x7fff0000) return 'allow';
      if (value === 0x80000000) return 'kill';
      return `errno ${value & 0xffff}`;
    } else {
      const taken =
        code === 0x15
          ? accumulator === value
          : code === 0x35
            ? accumulator >= value
            : (accumulator & value) !== 0;
      index += taken ? then : otherwise;
    }
    index += 1;
  }
  throw new Error('the program fell off its end');
}

describe('buildUserNamespaceFilter', () => {
  const cases = [
    ['x64', 0xc000003e, { unshare: 272, clone: 56, clone3: 435, setns: 308, read: 0 }],
    ['arm64', 0xc00000b7, { unshare: 97, clone: 220, clone3: 435, setns: 268, read: 63 }],
  ] as const;
  for (const [arch, audit, calls] of cases) {
    it(`refuses new user namespaces and setns on ${arch}, and allows the rest`, () => {
      const program = buildUserNamespaceFilter(arch) as Buffer;
      const call = (number: number, flags?: number) =>
        decide(program, { arch: audit, number, ...(flags === undefined ? {} : { flags }) });
      expect(call(calls.unshare, 0x10000000)).toBe('errno 1');
      expect(call(calls.unshare, 0x10000000 | 0x20000)).toBe('errno 1');
      expect(call(calls.unshare, 0x40000000)).toBe('allow');
      expect(call(calls.clone, 0x10000000 | 17)).toBe('errno 1');
      expect(call(calls.clone, 0x3d0f00)).toBe('allow');
      expect(call(calls.clone3)).toBe('errno 38');
      expect(call(calls.setns)).toBe('errno 1');
      expect(call(calls.read)).toBe('allow');
      expect(decide(program, { arch: 0x40000003, number: calls.unshare })).toBe('kill');
    });
  }

  it('ends x32 calls on x64, and has no filter for a CPU it does not know', () => {
    const program = buildUserNamespaceFilter('x64') as Buffer;
    expect(decide(program, { arch: 0xc000003e, number: 0x40000000 | 272 })).toBe('kill');
    expect(buildUserNamespaceFilter('riscv64')).toBeUndefined();
  });
});
