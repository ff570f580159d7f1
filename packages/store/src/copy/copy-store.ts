import { isDeepStrictEqual } from 'node:util';
import type { Store } from '../store/store.ts';
import { digestTables, type TableDigest } from './digest-store.ts';
import { listStoreTables } from './store-tables.ts';
import { appliedMigrations, assertSameSchema, emptyTarget, moveError } from './store-target.ts';
import { continueIdentities, readTableRows, writeTableRows } from './table-rows.ts';

/** Options for {@link copyStore}. */
export interface CopyStoreOptions {
  from: Store;
  to: Store;
  /** Replace what the target holds; without it a target with any row is refused. */
  replace?: boolean;
  /** Called after each table is written, with how many rows it received. */
  onTable?: (table: string, rows: number) => void;
}

/** What {@link copyStore} copied: each table's rows and content digest, equal on both sides. */
export interface CopyStoreResult {
  tables: TableDigest[];
}

/**
 * Copies every row of every table from one store into another of the same schema version, in one
 * transaction on the target, and compares each table's row count and content digest before it
 * commits: on any difference nothing is kept. Nobody may write to the source meanwhile (a
 * stopped PGlite folder, or a server that is stopped).
 */
export async function copyStore(options: CopyStoreOptions): Promise<CopyStoreResult> {
  const { from, to } = options;
  const [fromVersion, toVersion] = await Promise.all([
    appliedMigrations(from.database),
    appliedMigrations(to.database),
  ]);
  assertSameSchema(fromVersion, toVersion, 'The source');
  const tables = await listStoreTables(from.database);
  return to.transaction(async (target) => {
    await emptyTarget(target.database, tables, options.replace === true);
    return from.transaction(async (source) => {
      for (const table of tables) {
        let rows = 0;
        for await (const page of readTableRows(source.database, table)) {
          await writeTableRows(target.database, table, page);
          rows += page.length;
        }
        await continueIdentities(target.database, table);
        options.onTable?.(table.name, rows);
      }
      const expected = await digestTables(source.database, tables);
      const written = await digestTables(target.database, tables);
      const differing = expected.filter(
        (digest, index) => !isDeepStrictEqual(digest, written[index]),
      );
      if (differing.length > 0) {
        throw moveError(
          'copy_mismatch',
          `The copy differs from the source in ${differing.map((digest) => digest.table).join(', ')}; nothing was kept. Report this with both database versions.`,
        );
      }
      return { tables: expected };
    });
  });
}
