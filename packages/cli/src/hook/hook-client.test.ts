import { describe, expect, it } from 'vitest';
import { AGENT_NAMES } from '../agents/agent-table.ts';
import { HOOK_PROTOCOL } from './serve-hook.ts';

describe('bin/hook-client.js', () => {
  it('speaks the protocol of the hook server and knows the same agents', async () => {
    // The client is plain JavaScript beside the binary, loaded by its path.
    const client = (await import('../../bin/hook-client.js' as string)) as {
      HOOK_PROTOCOL: number;
      HOOK_AGENTS: string[];
    };
    expect(client.HOOK_PROTOCOL).toBe(HOOK_PROTOCOL);
    expect(client.HOOK_AGENTS).toEqual([...AGENT_NAMES]);
  });
});
