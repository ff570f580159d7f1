import { isDeepStrictEqual } from 'node:util';
import type { StoreDatabase } from '../database/store-database.ts';
import type { Store } from '../store/store.ts';
import type { BackupFooter, BackupHeader, BackupTableLine } from './backup-store.ts';
import { digestTables, type TableDigest } from './digest-store.ts';
import { listStoreTables, type StoreTable } from './store-tables.ts';
import { appliedMigrations, assertSameSchema, emptyTarget, moveError } from './store-target.ts';
import { continueIdentities, PAGE_ROWS, writeTableRows } from './table-rows.ts';

/** Options for {@link restoreStore}. */
export interface RestoreStoreOptions {
  /** Replace what the target holds; without it a target with any row is refused. */
  replace?: boolean;
  /** The id of the target's secret key: secrets encrypted with another key are left out. */
  secretKeyId?: string;
}

/** What {@link restoreStore} restored, and the secrets it could not open. */
export interface RestoreStoreResult {
  tables: TableDigest[];
  /** `workspace id/NAME` of each secret encrypted with another key (left out with its approvals). */
  unopenedSecrets: string[];
}

function invalidBackup(problem: string) {
  return moveError(
    'invalid_backup',
    `This is not a complete Skillset backup: ${problem}; nothing was restored.`,
  );
}

function parseLine(line: string, number: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {}
  throw invalidBackup(`line ${number} is no JSON object`);
}

function readHeader(line: string | undefined): BackupHeader {
  const header = line === undefined ? undefined : parseLine(line, 1);
  if (
    header?.format !== 'skillset-backup' ||
    header.version !== 1 ||
    !Array.isArray(header.schema)
  ) {
    throw invalidBackup('its first line is not the header of a version 1 backup');
  }
  return header as unknown as BackupHeader;
}

/** Rows of secrets the target's key cannot open are left out, with the approvals that name them. */
function createSecretFilter(keyId: string | undefined) {
  const unopened = new Map<string, string>();
  return {
    unopened: () => [...unopened.values()].sort(),
    keeps(table: string, row: Record<string, unknown>): boolean {
      if (table === 'skill_secrets' && row.key_id !== keyId) {
        unopened.set(String(row.id), `${String(row.workspace_id)}/${String(row.name)}`);
        return false;
      }
      return !(table === 'skill_secret_approvals' && unopened.has(String(row.secret_id)));
    },
  };
}

/** Writes each table's rows as they stream in, a page at a time; answers the footer. */
async function writeRows(
  database: StoreDatabase,
  tables: readonly StoreTable[],
  lines: AsyncIterator<string>,
  filter: ReturnType<typeof createSecretFilter>,
): Promise<BackupFooter> {
  let table: StoreTable | undefined;
  let page: string[] = [];
  const flush = async () => {
    if (table !== undefined) await writeTableRows(database, table, page);
    page = [];
  };
  for (let number = 2; ; number += 1) {
    const next = await lines.next();
    if (next.done === true) throw invalidBackup('it ends before its last line');
    const line = next.value;
    const filtered = table?.name === 'skill_secrets' || table?.name === 'skill_secret_approvals';
    if (!line.startsWith('{"@') && !filtered) {
      if (table === undefined) throw invalidBackup(`line ${number} is a row before any table`);
      page.push(line);
      if (page.length >= PAGE_ROWS) await flush();
      continue;
    }
    const value = parseLine(line, number);
    if ('@end' in value) {
      await flush();
      return value as unknown as BackupFooter;
    }
    if ('@table' in value) {
      await flush();
      const name = (value as unknown as BackupTableLine)['@table'];
      table = tables.find((candidate) => candidate.name === name);
      if (table === undefined) throw invalidBackup(`line ${number} names an unknown table ${name}`);
      continue;
    }
    if (table === undefined) throw invalidBackup(`line ${number} is a row before any table`);
    if (filter.keeps(table.name, value)) page.push(line);
  }
}

/**
 * Fills a store from a backup's lines in one transaction: refuses a target holding data (unless
 * `replace`) or at another schema version, leaves out secrets the target's key cannot open, and
 * compares each table's row count and digest with the backup's before it commits.
 */
export async function restoreStore(
  store: Store,
  source: AsyncIterable<string>,
  options: RestoreStoreOptions = {},
): Promise<RestoreStoreResult> {
  const lines = source[Symbol.asyncIterator]();
  const header = readHeader((await lines.next()).value);
  assertSameSchema(header.schema, await appliedMigrations(store.database), 'The backup');
  return store.transaction(async (transaction) => {
    const { database } = transaction;
    const tables = await listStoreTables(database);
    await emptyTarget(database, tables, options.replace === true);
    const filter = createSecretFilter(options.secretKeyId);
    const footer = await writeRows(database, tables, lines, filter);
    for (const table of tables) await continueIdentities(database, table);
    const unopenedSecrets = filter.unopened();
    const written = await digestTables(database, tables);
    const differing = footer['@end'].filter((expected) => {
      const filtered =
        unopenedSecrets.length > 0 &&
        (expected.table === 'skill_secrets' || expected.table === 'skill_secret_approvals');
      const actual = written.find((digest) => digest.table === expected.table);
      return !filtered && !isDeepStrictEqual(expected, actual);
    });
    if (differing.length > 0) {
      throw moveError(
        'copy_mismatch',
        `The restored rows differ from the backup in ${differing.map((digest) => digest.table).join(', ')}; nothing was kept.`,
      );
    }
    return { tables: written, unopenedSecrets };
  });
}
