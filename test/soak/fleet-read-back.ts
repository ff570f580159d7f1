import type { FleetTenant } from './fleet-population.ts';
import type { FleetAnswer, FleetRequest } from './fleet-requests.ts';
import { AVOID_HEADER } from './round-robin-proxy.ts';

/** A write an instance acknowledged (201 or 200): it must be read back, and never lost. */
export interface AcknowledgedWrite {
  tenant: FleetTenant;
  kind: 'create' | 'update';
  name: string;
  version: number;
  /** Unique text of this write, in its description and body. */
  marker: string;
  /** The instance that acknowledged it. */
  instance: number | undefined;
  /** `performance.now()` at the acknowledgement. */
  at: number;
}

/** The three ways a client reads a write back: through the runtime's registry or the store. */
export const READ_BACK_KINDS = ['invoke', 'sync', 'detail'] as const;
/** One way of reading a write back. */
export type ReadBackKind = (typeof READ_BACK_KINDS)[number];

/** The request that reads `write` back as its tenant's agent, on another instance while one lives. */
export function readBackRequest(kind: ReadBackKind, write: AcknowledgedWrite): FleetRequest {
  const token = write.tenant.agentToken;
  const headers: Record<string, string> =
    write.instance === undefined ? {} : { [AVOID_HEADER]: String(write.instance) };
  switch (kind) {
    case 'invoke':
      return {
        kind,
        method: 'POST',
        route: '/api/skills/invoke',
        token,
        body: { message: `/${write.name} read back` },
        headers,
      };
    case 'sync':
      return { kind, method: 'GET', route: '/api/sync', token, headers };
    case 'detail':
      return { kind, method: 'GET', route: `/api/skills/${write.name}`, token, headers };
  }
}

interface InvokeAnswer {
  activations?: { name: string; content?: string }[];
}

interface SyncAnswer {
  skills?: { name: string; version: number }[];
}

interface DetailAnswer {
  version?: number;
  content?: string;
}

function parse<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** True when a 200 answer to {@link readBackRequest} shows the write (or a later version). */
export function showsWrite(
  kind: ReadBackKind,
  answer: FleetAnswer,
  write: AcknowledgedWrite,
): boolean {
  if (answer.status !== 200) return false;
  switch (kind) {
    case 'invoke': {
      const activation = parse<InvokeAnswer>(answer.text)?.activations?.find(
        (candidate) => candidate.name === write.name,
      );
      return activation?.content?.includes(write.marker) === true;
    }
    case 'sync': {
      const entry = parse<SyncAnswer>(answer.text)?.skills?.find(
        (skill) => skill.name === write.name,
      );
      return entry !== undefined && entry.version >= write.version;
    }
    case 'detail': {
      const detail = parse<DetailAnswer>(answer.text);
      const version = detail?.version ?? 0;
      return (
        version > write.version ||
        (version === write.version && detail?.content?.includes(write.marker) === true)
      );
    }
  }
}

/** True when the answer says nothing about the write: no answer, or the proxy cut it (try again). */
export function isInconclusive(answer: FleetAnswer | undefined): boolean {
  return answer === undefined || answer.cut || answer.status >= 500;
}
