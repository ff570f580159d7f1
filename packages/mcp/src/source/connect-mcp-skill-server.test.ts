// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
import path from 'node:path';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { SkillsExtension, skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ConnectMcpSkillServerResult,
  connectMcpSkillServer,
} from './connect-mcp-skill-server.ts';

const support = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'test', 'support');
const opened: ConnectMcpSkillServerResult[] = [];

async function connect(
  options: Omit<Parameters<typeof connectMcpSkillServer>[0], 'label' | 'timeoutMs'>,
) {
  const connection = await connectMcpSkillServer({ label: 'test', timeoutMs: 5_000, ...options });
  opened.push(connection);
  return connection;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((connection) => connection.client.close()));
});

describe('connectMcpSkillServer', () => {
  it('speaks 2026-07-28 to a v2 McpServer with the Skills extension over HTTP', async () => {
    const text = '---\nname: deploy\ndescription: Deploys\n---\n\nGo.\n';
    const entry = await skillEntry('team/deploy', { 'SKILL.md': text });
    const extension = new SkillsExtension({
      source: {
        list: async () => ({ skills: [entry] }),
        get: async (uri) => (uri === entry.uri ? entry : undefined),
        read: async (uri) => (uri === entry.uri ? { text } : undefined),
      },
    });
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: 'v2', version: '1.0.0' });
      extension.attach(server);
      return server;
    });
    const connection = await connect({
      server: { url: 'http://v2.test/mcp' },
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    });
    expect(connection.era).toBe('modern');
    expect(connection.client.getProtocolEra()).toBe('modern');
    expect(connection.target).toBe('url http://v2.test/mcp');
    const listing = await connection.skills.list();
    expect(listing.skills.map((skill) => skill.uri)).toEqual(['skill://team/deploy/SKILL.md']);
    expect((await connection.skills.read(entry)).body).toBe('\nGo.\n');
  });

  it('speaks 2026-07-28 to a v2 stdio server (serveStdio) and 2025 to a 2025-only one', async () => {
    const modern = await connect({
      server: { command: process.execPath, args: [path.join(support, 'v2-skills-server.ts')] },
    });
    expect(modern.era).toBe('modern');
    expect((await modern.skills.list()).skills.map((skill) => skill.uri)).toEqual([
      'skill://good/SKILL.md',
      'skill://team/deploy/SKILL.md',
    ]);

    const legacy = await connect({
      server: {
        command: process.execPath,
        args: [path.join(support, 'hand-rolled-skills-server.ts')],
      },
    });
    expect(legacy.era).toBe('legacy');
    expect(legacy.client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect(legacy.skills.supported).toBe(true);
  });

  it('expands ${VAR} from the given environment and refuses an unset one', async () => {
    await expect(connect({ server: { url: 'http://${HOST}/mcp' }, env: {} })).rejects.toThrow(
      'MCP server "test": the environment variable HOST is not set (used as ${HOST} in its config).',
    );
  });
});
