import type { OpenStoreOptions } from './open-store.ts';

/** Options for {@link resolveStoreOptions}: command-line flags and the environment. */
export interface ResolveStoreOptionsOptions {
  /** `--database-url`. */
  databaseUrl?: string;
  /** `--data-dir`. */
  dataDir?: string;
  /** Reads `DATABASE_URL` and `SKILLSET_DATA_DIR`; defaults to `process.env`. */
  env?: Record<string, string | undefined>;
}

/** The data folder used when nothing else is configured. */
export const DEFAULT_DATA_DIR = './.skillset';

/**
 * Picks the database: `--database-url`, then `DATABASE_URL` (PostgreSQL), then `--data-dir`, then
 * `SKILLSET_DATA_DIR`, then `./.skillset` (PGlite).
 */
export function resolveStoreOptions(options: ResolveStoreOptionsOptions = {}): OpenStoreOptions {
  const env = options.env ?? process.env;
  const databaseUrl = nonEmpty(options.databaseUrl) ?? nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== undefined) return { databaseUrl };
  return {
    dataDir: nonEmpty(options.dataDir) ?? nonEmpty(env.SKILLSET_DATA_DIR) ?? DEFAULT_DATA_DIR,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
