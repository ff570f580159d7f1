import { Client, type ClientOptions, InMemoryTransport } from '@modelcontextprotocol/client';
import { serveSkillsMcpStdio } from './create-skills-mcp-server.ts';
import { MODERN_PROTOCOL_VERSION } from './protocol-versions.ts';
import type { SkillsMcpServerOptions } from './skills-mcp-server.ts';

/** The two protocol eras the server serves: the 2025 `initialize` handshake, and 2026-07-28. */
export const ERAS = ['legacy', 'modern'] as const;
export type Era = (typeof ERAS)[number];

/** Options for {@link connectTestClient}. */
export interface ConnectTestClientOptions extends SkillsMcpServerOptions {
  era: Era;
  clientOptions?: ClientOptions;
}

/** The SDK's client connected in memory to the skills server as `skillset mcp` serves it, in one era. */
export async function connectTestClient(options: ConnectTestClientOptions) {
  const { era, clientOptions, ...serverOptions } = options;
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const served = serveSkillsMcpStdio({ ...serverOptions, transport: serverTransport });
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    {
      ...clientOptions,
      ...(era === 'modern'
        ? { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } }
        : {}),
    },
  );
  await client.connect(clientTransport);
  return {
    client,
    async close() {
      await client.close();
      await served.close();
    },
  };
}
