import path from 'node:path';
import { copyStore, openStore } from '@skillset/store';
import { plural } from '../output/plural.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';
import { findRunningPgliteServer, resolveCommandConfig } from './open-server-store.ts';

/** Options for {@link runDbCopy}. */
export interface DbCopyCommandOptions {
  /** The PGlite data folder to copy from. */
  fromDataDir: string;
  /** The PostgreSQL database to copy into. */
  to: string;
  /** Replace what the target holds. */
  force?: boolean;
  json?: boolean;
}

/** A database URL with its password hidden, for messages. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the --to database';
  }
}

/**
 * `skillset db copy`: copies a stopped PGlite data folder into an empty PostgreSQL database, then
 * checks every table's row count and content digest before it commits.
 */
export async function runDbCopy(
  terminal: Terminal,
  options: DbCopyCommandOptions,
): Promise<number> {
  const dataDir = path.resolve(terminal.cwd, options.fromDataDir);
  const config = resolveCommandConfig(terminal, { dataDir });
  const running = await findRunningPgliteServer(config);
  if (running !== undefined) {
    throw new Error(
      `the server at ${running.url} holds ${dataDir} (PGlite allows one process); stop it, then copy.`,
    );
  }
  const target = withoutPassword(options.to);
  // Both are brought to this version's schema, as `skillset serve` would on start.
  const from = await openStore({ dataDir, migrate: true });
  try {
    const to = await openStore({ databaseUrl: options.to, migrate: true });
    try {
      const { tables } = await copyStore({
        from,
        to,
        replace: options.force === true,
        onTable: (table, rows) => {
          if (options.json !== true) terminal.stderr.write(`  ${table}: ${rows}\n`);
        },
      });
      const rows = tables.reduce((sum, table) => sum + table.rows, 0);
      if (options.json === true) {
        printJson(terminal, { from: dataDir, to: target, rows, tables });
      } else {
        printLine(
          terminal,
          `Copied ${plural(rows, 'row')} in ${plural(tables.length, 'table')} from ${dataDir} to ${target}; every table's row count and content digest match.`,
        );
        terminal.stderr.write(
          `Start the server on it with: skillset serve --database-url <url> (the same SKILLSET_SECRET_KEY opens the secrets).\n`,
        );
      }
      return 0;
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}
