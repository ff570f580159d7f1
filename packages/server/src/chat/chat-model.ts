import { resolveModel } from '@skillset/agent';
import { SkillsetError } from '@skillset/core';
import type { LanguageModel } from 'ai';
import type { ModelConfig } from '../config/server-config.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/** The chat model of the server, resolved on first use. */
export interface ChatModel {
  /** The model; throws a 503 `SkillsetError` whose message says what to set when there is none. */
  resolve(): LanguageModel;
}

const HOW_TO_CONFIGURE =
  'set SKILLSET_MODEL to <provider>:<model id> (openai:gpt-4.1 with OPENAI_API_KEY, anthropic:claude-sonnet-4-5 with ANTHROPIC_API_KEY, or openai-compatible:llama3.2 with OPENAI_BASE_URL=http://localhost:11434/v1) and restart the server';

/** Creates the {@link ChatModel} of a {@link ModelConfig}. */
export function createChatModel(config: ModelConfig | undefined): ChatModel {
  let model: LanguageModel | undefined;
  return {
    resolve() {
      if (model !== undefined) return model;
      if (config?.spec === undefined) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'model_not_configured',
          message: `No model is configured for chat: ${HOW_TO_CONFIGURE}.`,
        });
      }
      try {
        model = resolveModel(config.spec, config.env);
      } catch (error) {
        if (!SkillsetError.isInstance(error)) throw error;
        throw new SkillsetError<ServerErrorCode>({
          code: error.code as ServerErrorCode,
          message: `${error.message} Then restart the server.`,
          cause: error,
        });
      }
      return model;
    },
  };
}
