import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { ServerConfig } from '@skillset/server';
import { backupStore } from '@skillset/store';
import { plural } from '../output/plural.ts';
import { printLine, type Terminal } from '../output/terminal.ts';
import { type BackupTables, backupThroughServer } from './backup-through-server.ts';
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

type WriteLine = (line: string) => Promise<void>;

/** Writes the lines `produce` gives into `out` (gzip), which appears whole or not at all. */
async function writeBackupFile(
  out: string,
  produce: (writeLine: WriteLine) => Promise<BackupTables>,
): Promise<BackupTables> {
  const partial = `${out}.partial`;
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  // Awaited below; a file that fails early must not count as an unhandled rejection meanwhile.
  written.catch(() => {});
  const writeLine: WriteLine = (line) =>
    new Promise<void>((resolve, reject) => {
      if (lines.destroyed) return reject(new Error(`cannot write ${partial}`));
      if (lines.write(`${line}\n`)) return resolve();
      const drained = () => {
        lines.off('close', closed);
        resolve();
      };
      const closed = () => {
        lines.off('drain', drained);
        reject(new Error(`cannot write ${partial}`));
      };
      lines.once('drain', drained).once('close', closed);
    });
  try {
    const tables = await produce(writeLine);
    lines.end();
    await written;
    await rename(partial, out);
    return tables;
  } catch (error) {
    // Destroyed already: the file failed (a full disk), and the pipeline knows why.
    const fileError = lines.destroyed
      ? await written.then(
          () => undefined,
          (cause) => cause,
        )
      : undefined;
    lines.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw fileError ?? error;
  }
}

/** Backs up the store this process opens itself (PostgreSQL, or a PGlite folder no server holds). */
async function backupOwnStore(config: ServerConfig, writeLine: WriteLine): Promise<BackupTables> {
  const store = await openServerStore(config, false);
  try {
    return await backupStore(store, writeLine);
  } finally {
    await store.close();
  }
}

/**
 * `skillset backup`: writes a consistent snapshot of the server's database into one file, beside a
 * running server (on PGlite that server writes it: PGlite allows one process); the file appears
 * whole or not at all.
 */
export async function runBackup(
  terminal: Terminal,
  options: BackupCommandOptions,
): Promise<number> {
  const config = resolveCommandConfig(terminal, options);
  const running = await findRunningPgliteServer(config);
  const operatorSecret = running?.operatorSecret;
  if (running !== undefined && operatorSecret === undefined) {
    throw new Error(
      `the server at ${running.url} holds ${config.dataDir} (PGlite allows one process) and is too old to write a backup itself; stop it for the backup, or upgrade it.`,
    );
  }
  const out = path.resolve(terminal.cwd, options.out);
  const tables = await writeBackupFile(out, (writeLine) =>
    running === undefined || operatorSecret === undefined
      ? backupOwnStore(config, writeLine)
      : backupThroughServer({ url: running.url, operatorSecret }, writeLine),
  );
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  printLine(
    terminal,
    `Backed up ${plural(rows, 'row')} in ${plural(tables.length, 'table')} to ${out}.`,
  );
  terminal.stderr.write(
    'Secrets are in it encrypted: keep SKILLSET_SECRET_KEY to restore them (skillset restore FILE).\n',
  );
  return 0;
}
