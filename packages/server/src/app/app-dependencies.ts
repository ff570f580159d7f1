import type { Store } from '@skillset/store';
import type { Logger } from 'pino';
import type { SkillRuntime } from '../runtime/skill-runtime.ts';

/** What the API's routes share: the store and the logger. */
export interface AppDependencies {
  store: Store;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** The skill runtime (registries, policies, usage, /mcp); created over `store` when absent. */
  runtime?: SkillRuntime;
  /** The built web UI served at `/`; default: the repository's `apps/web/dist`. */
  webDir?: string;
}
