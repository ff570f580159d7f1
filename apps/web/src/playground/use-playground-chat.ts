import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useMemo } from 'react';
import type { PlaygroundMessage } from './playground-message.ts';
import type { TryRevision } from './try-revision.ts';

/**
 * The playground's conversation over `POST /api/chat` as `agent` (or as me), with `tryRevision`
 * in place of that skill's published revision in every turn. The server keeps the history, so
 * each request carries only the new message.
 */
export function usePlaygroundChat(
  chatId: string,
  agent: string | undefined,
  tryRevision?: TryRevision,
) {
  const trySkill = tryRevision?.skill;
  const tryVersion = tryRevision?.version;
  const transport = useMemo(
    () =>
      new DefaultChatTransport<PlaygroundMessage>({
        api: '/api/chat',
        credentials: 'same-origin',
        prepareSendMessagesRequest: ({ id, messages }) => ({
          body: {
            id,
            messages: messages.slice(-1),
            ...(agent === undefined ? {} : { agent }),
            ...(trySkill === undefined || tryVersion === undefined
              ? {}
              : { tryRevision: { skill: trySkill, version: tryVersion } }),
          },
        }),
      }),
    [agent, trySkill, tryVersion],
  );
  return useChat<PlaygroundMessage>({ id: chatId, transport });
}
