/** Which MCP servers a workspace may name as skill sources: the instance admin's choice. */
export interface McpSourcePolicy {
  /** Host names (`hub.example.com`) or suffixes (`*.example.com`); empty: none at all. */
  allowedHosts: readonly string[];
  /** Allow loopback, private, link-local and other internal addresses (an intranet hub). */
  allowPrivateAddresses: boolean;
}

/** The policy of an instance that allows no outbound MCP servers (the default). */
export const NO_MCP_SOURCES: McpSourcePolicy = Object.freeze({
  allowedHosts: [],
  allowPrivateAddresses: false,
});

/** The headers a workspace may send to an MCP server: authentication only. */
export const ALLOWED_MCP_HEADERS: readonly string[] = ['authorization', 'x-api-key'];

/** Reads `SKILLSET_MCP_ALLOWED_HOSTS` (comma-separated) and `SKILLSET_MCP_ALLOW_PRIVATE=1`. */
export function readMcpSourcePolicy(env: Record<string, string | undefined>): McpSourcePolicy {
  return {
    allowedHosts: (env.SKILLSET_MCP_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    allowPrivateAddresses: ['1', 'true'].includes(env.SKILLSET_MCP_ALLOW_PRIVATE ?? ''),
  };
}
