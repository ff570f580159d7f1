import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { backupStore } from '@skillset/store';
import { plural } from '../output/plural.ts';
import { printLine, type Terminal } from '../output/terminal.ts';
import {
  findRunningPgliteServer,
  openServerStore,
  resolveCommandConfig,
  type ServerStoreFlags,
} from './open-server-store.ts';

/** Options for {@link runBackup}. */
export interface BackupCommandOptions extends ServerStoreFlags {
  /** The backup file to write (gzip-compressed JSON lines). */
  out: string;
}

/**
 * `skillset backup`: writes a consistent snapshot of the server's database into one file, beside a
 * running server on PostgreSQL; the file appears whole or not at all.
 */
export async function runBackup(
  terminal: Terminal,
  options: BackupCommandOptions,
): Promise<number> {
  const config = resolveCommandConfig(terminal, options);
  const running = await findRunningPgliteServer(config);
  if (running !== undefined) {
    throw new Error(
      `the server at ${running.url} holds ${config.dataDir} (PGlite allows one process); stop it for the backup, or run the server on PostgreSQL to back up while it serves.`,
    );
  }
  const out = path.resolve(terminal.cwd, options.out);
  const partial = `${out}.partial`;
  const store = await openServerStore(config, false);
  try {
    const lines = new PassThrough();
    const written = pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const writeLine = (line: string) =>
      new Promise<void>((resolve) => {
        if (lines.write(`${line}\n`)) resolve();
        else lines.once('drain', resolve);
      });
    const tables = await backupStore(store, writeLine);
    lines.end();
    await written;
    await rename(partial, out);
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    printLine(
      terminal,
      `Backed up ${plural(rows, 'row')} in ${plural(tables.length, 'table')} to ${out}.`,
    );
    terminal.stderr.write(
      'Secrets are in it encrypted: keep SKILLSET_SECRET_KEY to restore them (skillset restore FILE).\n',
    );
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await store.close();
  }
}
