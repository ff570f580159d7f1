import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useMemo } from 'react';
import type { PlaygroundMessage } from './playground-message.ts';

/**
 * The playground's conversation over `POST /api/chat` as `agent` (or as me). The server keeps the
 * history, so each request carries only the new message.
 */
export function usePlaygroundChat(chatId: string, agent: string | undefined) {
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
          },
        }),
      }),
    [agent],
  );
  return useChat<PlaygroundMessage>({ id: chatId, transport });
}
