import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the store's SQL migrations (`packages/store/migrations`), from source or `dist`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** One SQL migration file, split into statements at `--> statement-breakpoint` lines. */
export interface Migration {
  /** The file name without `.sql`, e.g. `0001-initial`. */
  id: string;
  /** sha256 of the file text, to notice a migration edited after it was applied. */
  checksum: string;
  statements: string[];
}

const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.sql$/;

/** Reads the migrations of a folder in file-name order. */
export async function loadMigrations(folder: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(folder)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(folder, name), 'utf8');
      return {
        id: name.slice(0, -'.sql'.length),
        checksum: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split(/^--> statement-breakpoint\s*$/m)
          .map((statement) => statement.trim())
          .filter((statement) => statement.replace(/^--.*$/gm, '').trim() !== ''),
      };
    }),
  );
}
