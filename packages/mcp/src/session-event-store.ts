import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/** How many events one session keeps for replay after a reconnect. */
const KEPT_EVENTS = 256;

/**
 * The events of one 2025-era HTTP session, kept in memory so a client that lost its SSE stream can
 * resume it with `Last-Event-ID`; having a store is also what makes the SDK send the priming event.
 */
export function createSessionEventStore(): EventStore {
  const events: { id: string; streamId: string; message: JSONRPCMessage }[] = [];
  let next = 0;
  return {
    async storeEvent(streamId, message) {
      next += 1;
      const id = `${streamId}_${next}`;
      events.push({ id, streamId, message });
      if (events.length > KEPT_EVENTS) events.shift();
      return id;
    },
    async getStreamIdForEventId(eventId) {
      return events.find((event) => event.id === eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const index = events.findIndex((event) => event.id === lastEventId);
      const streamId = events[index]?.streamId ?? '';
      if (index === -1) return streamId;
      for (const event of events.slice(index + 1)) {
        // The priming event stores an empty message: nothing to send again.
        if (event.streamId === streamId && 'jsonrpc' in event.message) {
          await send(event.id, event.message);
        }
      }
      return streamId;
    },
  };
}
