/** A raw JSON-RPC `initialize` request (id 1), for tests that talk to an MCP server without the SDK client. */
export function mcpInitializeRequest(clientName: string) {
  return {
    jsonrpc: '2.0' as const,
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: clientName, version: '1' },
    },
  };
}
