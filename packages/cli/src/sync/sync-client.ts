import {
  type SyncManifest,
  type SyncManifestSkill,
  syncManifestSchema,
} from '@skillset/server/sync-manifest';
import { describeTokenRefusal } from '../server-api/describe-token-refusal.ts';
import { describeUnreachable } from '../server-api/describe-unreachable.ts';

/** A failed request to the server, said for a person. */
export class SyncServerError extends Error {}

/** Talks to a Skillset server with a token: the sync manifest, a skill file, the change feed. */
export interface SyncClient {
  /** The server's base URL, without a trailing slash. */
  readonly server: string;
  manifest(): Promise<SyncManifest>;
  file(skill: SyncManifestSkill, path: string): Promise<Uint8Array>;
  /** Opens `GET /api/events` (Server-Sent Events). */
  events(signal: AbortSignal): Promise<Response>;
}

async function describeFailure(response: Response, what: string): Promise<SyncServerError> {
  let message = '';
  try {
    message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? '';
  } catch {}
  if (response.status === 401) return new SyncServerError(describeTokenRefusal(message));
  return new SyncServerError(
    `${what} failed: HTTP ${response.status}${message ? ` — ${message}` : ''}.`,
  );
}

/** Creates the client for `server` (its base URL) and `token`. */
export function createSyncClient(server: string, token: string): SyncClient {
  const base = server.replace(/\/+$/, '');
  const request = async (path: string, what: string, init: RequestInit = {}) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new SyncServerError(describeUnreachable(base, error));
    }
    if (!response.ok) throw await describeFailure(response, what);
    return response;
  };
  return {
    server: base,
    async manifest() {
      const response = await request('/api/sync', 'Reading the skills to sync');
      const parsed = syncManifestSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success)
        throw new SyncServerError(
          `${base}/api/sync did not answer a sync manifest; is --server a Skillset server of this version or later?`,
        );
      return parsed.data;
    },
    async file(skill, path) {
      const encoded = path.split('/').map(encodeURIComponent).join('/');
      const query = `scope=${encodeURIComponent(skill.scope)}&version=${skill.version}`;
      const response = await request(
        `/api/skills/${encodeURIComponent(skill.name)}/files/${encoded}?${query}`,
        `Downloading ${skill.name}/${path}`,
      );
      return new Uint8Array(await response.arrayBuffer());
    },
    events(signal) {
      return request('/api/events', 'Following the change feed', {
        signal,
        headers: { accept: 'text/event-stream' },
      });
    },
  };
}
