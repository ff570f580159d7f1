import { sql } from 'drizzle-orm';
import type { Store } from '../store/store.ts';
import { digestTables, type TableDigest } from './digest-store.ts';
import { listStoreTables } from './store-tables.ts';
import { appliedMigrations } from './store-target.ts';
import { readTableRows } from './table-rows.ts';

/** The first line of a backup: what it is, and the schema version its rows have. */
export interface BackupHeader {
  format: 'skillset-backup';
  version: 1;
  /** The migrations applied to the backed-up database, in order. */
  schema: string[];
  createdAt: string;
}

/** The line that starts a table's rows. */
export interface BackupTableLine {
  '@table': string;
}

/** The last line of a backup: each table's row count and digest, checked by a restore. */
export interface BackupFooter {
  '@end': TableDigest[];
}

/**
 * Writes a consistent snapshot of a store as lines: the header, then for each table a line
 * `{"@table": NAME}` followed by one JSON line per row, then the footer. One repeatable-read
 * transaction reads it all, so a server may go on writing meanwhile.
 */
export async function backupStore(
  store: Store,
  writeLine: (line: string) => Promise<void>,
): Promise<TableDigest[]> {
  return store.transaction(async (transaction) => {
    const { database } = transaction;
    await database.execute(sql`set transaction isolation level repeatable read`);
    const header: BackupHeader = {
      format: 'skillset-backup',
      version: 1,
      schema: await appliedMigrations(database),
      createdAt: new Date().toISOString(),
    };
    await writeLine(JSON.stringify(header));
    const tables = await listStoreTables(database);
    for (const table of tables) {
      const start: BackupTableLine = { '@table': table.name };
      await writeLine(JSON.stringify(start));
      for await (const page of readTableRows(database, table)) {
        for (const line of page) await writeLine(line);
      }
    }
    const digests = await digestTables(database, tables);
    const footer: BackupFooter = { '@end': digests };
    await writeLine(JSON.stringify(footer));
    return digests;
  });
}
