import type { Store } from '@skillset/store';
import type { Logger } from 'pino';
import type { ChatOptions } from '../chat/create-chat-service.ts';
import type { SkillRuntime } from '../runtime/skill-runtime.ts';

/** What the API's routes share: the store and the logger. */
export interface AppDependencies {
  store: Store;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** The skill runtime (registries, policies, usage, /mcp); created over `store` when absent. */
  runtime?: SkillRuntime;
  /** The chat model and limits of `POST /api/chat`. */
  chat?: ChatOptions;
}
