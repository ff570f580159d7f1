import type { Store } from '@skillset/store';
import type { Logger } from 'pino';

/** What the API's routes share: the store and the logger. */
export interface AppDependencies {
  store: Store;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
}
