import type { FleetTenant } from './fleet-population.ts';
import { CUT_HEADER, INSTANCE_HEADER } from './round-robin-proxy.ts';

/** An answer as the fleet clients see it: status, text, and which instance gave it. */
export interface FleetAnswer {
  status: number;
  text: string;
  /** The index of the instance that answered; undefined for the proxy's own answers. */
  instance: number | undefined;
  /** The proxy answered 502: the instance died while it had the request. */
  cut: boolean;
  etag: string | null;
}

/** What every request of a load run added up to. */
export interface FleetTally {
  /** Latencies (ms) per kind of request, of requests started after the warm-up. */
  latencies: Record<string, number[]>;
  statuses: Record<string, number>;
  /** Answers ≥ 400 other than the proxy's cuts (a 5xx, or a 4xx the clients never provoke). */
  errors: string[];
  /** Requests that got no answer at all. */
  failed: number;
  cut: number;
  /** 2xx answers searched for other tenants' tags. */
  checkedAnswers: number;
  /** Other tenants' tags found in answers: `kind: tenant saw other`. */
  foreign: string[];
}

/** Options of one request. */
export interface FleetRequest {
  kind: string;
  method: string;
  route: string;
  token: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Count it in the figures (false for the polls that time a stale read). */
  timed?: boolean;
}

const TAG_PATTERN = /\bw(\d{4,})\b/g;
/** Listings use the stateless era: a 2025 session lives on one instance, round robin breaks it. */
const MCP_PROTOCOL_VERSION = '2026-07-28';

/** Other tenants' tags in `text` (skill names, descriptions and bodies all carry their tenant's). */
export function foreignTags(text: string, tenant: FleetTenant): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(TAG_PATTERN)) {
    if (`w${match[1]}` !== tenant.tag) found.add(`w${match[1]}`);
  }
  return [...found];
}

/** An empty tally. */
export function createFleetTally(): FleetTally {
  return {
    latencies: {},
    statuses: {},
    errors: [],
    failed: 0,
    cut: 0,
    checkedAnswers: 0,
    foreign: [],
  };
}

/**
 * Sends one request through the proxy as `tenant`, records its latency (when started after
 * `measureFrom`) and status, and checks a successful answer carries no other tenant's tag.
 */
export async function sendFleetRequest(
  proxyUrl: string,
  tenant: FleetTenant,
  request: FleetRequest,
  tally: FleetTally,
  measureFrom: number,
): Promise<FleetAnswer | undefined> {
  const started = performance.now();
  let answer: FleetAnswer;
  try {
    const response = await fetch(`${proxyUrl}${request.route}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${request.token}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const instance = response.headers.get(INSTANCE_HEADER);
    answer = {
      status: response.status,
      text: await response.text(),
      instance: instance === null ? undefined : Number(instance),
      cut: response.headers.has(CUT_HEADER),
      etag: response.headers.get('etag'),
    };
  } catch {
    tally.failed += 1;
    return undefined;
  }
  if (request.timed !== false && started >= measureFrom && !answer.cut) {
    const list = tally.latencies[request.kind] ?? [];
    tally.latencies[request.kind] = list;
    list.push(performance.now() - started);
  }
  const status = answer.cut ? 'cut' : String(answer.status);
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  if (answer.cut) {
    tally.cut += 1;
  } else if (answer.status >= 400) {
    tally.errors.push(`${request.kind} ${answer.status}: ${answer.text.slice(0, 200)}`);
  } else {
    tally.checkedAnswers += 1;
    for (const tag of foreignTags(answer.text, tenant)) {
      tally.foreign.push(`${request.kind}: ${tenant.tag} saw ${tag}`);
    }
  }
  return answer;
}

/** The version an `ETag` names (`"3"` → 3); NaN when absent. */
export function etagVersion(etag: string | null): number {
  return Number((etag ?? '').replace(/^W\//, '').replaceAll('"', ''));
}

/** The JSON-RPC body of a 2026-07-28 MCP request: no session, the era named in `_meta`. */
export function mcpRequestBody(method: string, id: number) {
  return {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MCP_PROTOCOL_VERSION,
        'io.modelcontextprotocol/clientInfo': { name: 'soak-fleet', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
}

/** The headers of a 2026-07-28 MCP request over Streamable HTTP. */
export function mcpHeaders(method: string): Record<string, string> {
  return {
    accept: 'application/json, text/event-stream',
    'mcp-method': method,
    'mcp-protocol-version': MCP_PROTOCOL_VERSION,
  };
}
