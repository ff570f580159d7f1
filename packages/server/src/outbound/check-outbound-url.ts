import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { McpSourcePolicy } from './mcp-source-policy.ts';

// Addresses that reach this host or its networks, never the public internet.
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local, multicast and other non-public addresses (and IPv4 mapped into IPv6). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return internal.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function hostAllowed(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) =>
    pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) : hostname === pattern,
  );
}

/**
 * Why the server may not call this MCP server URL, or undefined when it may: the host must be
 * one the instance allows, and (unless allowed) resolve to public addresses only.
 */
export async function checkOutboundUrl(
  url: string,
  policy: McpSourcePolicy,
): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${JSON.stringify(url)} is not a URL`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return `${JSON.stringify(url)} is not an http:// or https:// URL`;
  }
  const hostname = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (!hostAllowed(hostname, policy.allowedHosts)) {
    return `the host ${hostname} is not among the MCP servers this instance allows; its admin can add it to SKILLSET_MCP_ALLOWED_HOSTS`;
  }
  if (policy.allowPrivateAddresses) return undefined;
  let addresses: string[];
  try {
    addresses =
      isIP(hostname) === 0
        ? (await lookup(hostname, { all: true })).map((each) => each.address)
        : [hostname];
  } catch {
    return `the host ${hostname} does not resolve`;
  }
  const internalAddress = addresses.find(isInternalAddress);
  if (internalAddress !== undefined) {
    return `${hostname} resolves to the internal address ${internalAddress}; the instance admin can allow internal addresses with SKILLSET_MCP_ALLOW_PRIVATE=1`;
  }
  return undefined;
}
