import { createRoute, z } from '@hono/zod-openapi';
import type { SkillChange } from '@skillset/store';
import { streamSSE } from 'hono/streaming';
import type { ApiApp } from '../../app/api-app.ts';
import { principalKey } from '../../auth/principal-key.ts';
import { errorResponse } from '../../http/error-response.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createPerKeySlots } from '../../http/per-key-slots.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { createAgentChangeFilter } from './agent-change-filter.ts';
import { workspaceQuery } from './runtime-schemas.ts';

/** How often an idle event stream sends a comment, so proxies keep it open. */
export const EVENTS_HEARTBEAT_MS = 15_000;

const getEvents = createRoute({
  method: 'get',
  path: '/api/events',
  tags: ['runtime'],
  summary:
    'Server-Sent Events: the skill changes of the caller’s workspace (event `skill`), and `resync` when changes may have been missed; an agent hears only of skills it may read',
  request: { query: z.strictObject({ workspace: workspaceQuery }) },
  responses: {
    200: {
      description:
        'An event stream; each `skill` event carries {type, name, scope, skillId, version}. An agent gets no event about a skill it may not read (a deletion or switch-off only of one it could read). A `resync` event ({reason}) says changes may have been missed (the server’s database listener reconnected): reload what you show.',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses(400, 403, 404, 429),
  },
});

/** Queued instead of a change when the client should reload everything. */
const RESYNC = Symbol('resync');

/** Options for {@link registerEventsRoute}. */
export interface EventsRouteOptions {
  /** Streams one principal may hold open at once; one more is answered 429. */
  maxStreamsPerPrincipal: number;
  heartbeatMs?: number;
}

/**
 * Registers the SSE change feed; streams end when the client leaves or the server closes, and a
 * principal holds at most `maxStreamsPerPrincipal` of them.
 */
export function registerEventsRoute(
  app: ApiApp,
  runtime: SkillRuntime,
  options: EventsRouteOptions,
) {
  const heartbeatMs = options.heartbeatMs ?? EVENTS_HEARTBEAT_MS;
  const slots = createPerKeySlots(options.maxStreamsPerPrincipal);
  app.openapi(getEvents, (context) => {
    const { principal } = context.var;
    const release = slots.take(principalKey(principal));
    if (release === undefined) {
      context.header('retry-after', '30');
      return errorResponse(
        context,
        'rate_limited',
        `You already hold ${options.maxStreamsPerPrincipal} event streams open (each open page holds one); close one, then try again.`,
      ) as never;
    }
    // nginx buffers proxied responses by default; this one must reach the client as written.
    context.header('x-accel-buffering', 'no');
    return streamSSE(context, async (stream) => {
      const queue: (SkillChange | typeof RESYNC)[] = [];
      let wake: (() => void) | undefined;
      const notify = () => {
        wake?.();
        wake = undefined;
      };
      const unsubscribe = runtime.watch(
        principal,
        (change) => {
          queue.push(change);
          notify();
        },
        () => {
          // Changes made before the resync are covered by the reload it asks for.
          queue.length = 0;
          queue.push(RESYNC);
          notify();
        },
      );
      const heartbeat = setInterval(() => {
        void stream.write(': heartbeat\n\n').catch(() => {});
      }, heartbeatMs);
      runtime.signal.addEventListener('abort', notify);
      stream.onAbort(notify);
      try {
        const filter = await createAgentChangeFilter(runtime, principal);
        await stream.write(': connected\n\n');
        while (!stream.aborted && !stream.closed && !runtime.signal.aborted) {
          const change = queue.shift();
          if (change === undefined) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            continue;
          }
          if (change === RESYNC) {
            await stream.writeSSE({
              event: 'resync',
              data: JSON.stringify({
                reason: 'change feed reconnected; changes may have been missed',
              }),
            });
            continue;
          }
          if (filter !== undefined && !(await filter(change))) continue;
          await stream.writeSSE({
            event: 'skill',
            data: JSON.stringify({
              type: change.type,
              name: change.name,
              scope: change.scope,
              skillId: change.skillId,
              version: change.version,
            }),
          });
        }
      } finally {
        release();
        clearInterval(heartbeat);
        unsubscribe();
        runtime.signal.removeEventListener('abort', notify);
      }
    }) as never;
  });
}
