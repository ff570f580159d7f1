import type { SkillRuntime } from '../runtime/skill-runtime.ts';
import type { ChatOptions, ChatService } from './create-chat-service.ts';

/**
 * The {@link ChatService}, loaded with the agent and the AI SDK on its first turn, prompt or eval:
 * a server nobody chats with never holds them (decision 0152). Before that no approval is open.
 */
export function createLazyChatService(
  runtime: SkillRuntime,
  options: ChatOptions = {},
): ChatService {
  let loaded: ChatService | undefined;
  let loading: Promise<ChatService> | undefined;
  const load = () =>
    (loading ??= import('./create-chat-service.ts').then(({ createChatService }) => {
      loaded = createChatService(runtime, options);
      return loaded;
    }));
  return {
    turn: async (principal, input) => (await load()).turn(principal, input),
    evaluateTriggers: async (principal, input) => (await load()).evaluateTriggers(principal, input),
    prompt: async (principal, input) => (await load()).prompt(principal, input),
    answer: (principal, id, approved) => loaded?.answer(principal, id, approved) ?? false,
    approvals: (principal) => loaded?.approvals(principal) ?? [],
  };
}
