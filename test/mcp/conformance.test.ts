import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createMemorySource, createPolicyContext, createRegistry } from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { createSkillsMcpHttpHandler } from '@skillset/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

// The protocol's conformance suite against Skillset's Streamable HTTP handler (as /mcp serves it,
// here without a token: the suite sends none). Decision 0119 lists the scenarios that do not apply
// to a skills server (they call the suite's own reference tools) and why.
const APPLICABLE_SCENARIOS = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'resources-list',
  'prompts-list',
  'completion-complete',
  'server-sse-multiple-streams',
];

const run = promisify(execFile);
const suite = join(
  repoRoot,
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js',
);
const registry = createRegistry({
  sources: [
    createMemorySource({
      scope: 'project',
      skills: [
        {
          text: buildSkill({
            name: 'lint',
            description: 'Lint the code base. Use when asked to lint.',
          }),
          files: { 'rules.md': '# Rules\n' },
        },
      ],
    }),
  ],
});
const handler = createSkillsMcpHttpHandler({
  registry,
  authenticate: () => ({ id: 'user:local', policy: createPolicyContext() }),
});
let server: ReturnType<typeof serve>;
let url: string;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve(
      { fetch: (request) => handler.handle(request), port: 0, hostname: '127.0.0.1' },
      () => resolve(started),
    );
    started.once('error', reject);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await handler.close();
  await registry.close();
});

describe('@modelcontextprotocol/conformance against /mcp', () => {
  it.each(APPLICABLE_SCENARIOS)('passes %s', async (scenario) => {
    const { stdout } = await run(
      process.execPath,
      [suite, 'server', '--url', url, '--scenario', scenario],
      { timeout: 60_000, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }));
    expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed, 0 warnings/);
  }, 90_000);
});
