import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { restoreStore } from '@skillset/store';
import { plural } from '../output/plural.ts';
import { printLine, type Terminal } from '../output/terminal.ts';
import {
  findRunningPgliteServer,
  openServerStore,
  resolveCommandConfig,
  type ServerStoreFlags,
} from './open-server-store.ts';

/** Options for {@link runRestore}. */
export interface RestoreCommandOptions extends ServerStoreFlags {
  /** The backup file `skillset backup` wrote. */
  file: string;
  /** Replace what the target database holds. */
  force?: boolean;
}

/** The first line of a backup file, for the schema version its rows need. */
async function firstLine(file: string): Promise<{ schema?: unknown }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  try {
    for await (const line of lines) return JSON.parse(line) as { schema?: unknown };
  } catch {
  } finally {
    lines.close();
  }
  throw new Error(`${file} is not a Skillset backup (not gzip-compressed JSON lines).`);
}

/**
 * `skillset restore FILE`: fills an empty database of either kind from a backup, at the backup's
 * schema version, then brings it to this version's schema.
 */
export async function runRestore(
  terminal: Terminal,
  options: RestoreCommandOptions,
): Promise<number> {
  const config = resolveCommandConfig(terminal, options);
  const running = await findRunningPgliteServer(config);
  if (running !== undefined) {
    throw new Error(
      `the server at ${running.url} holds ${config.dataDir} (PGlite allows one process); stop it first.`,
    );
  }
  const file = path.resolve(terminal.cwd, options.file);
  const { schema } = await firstLine(file);
  const until = Array.isArray(schema) ? schema.at(-1) : undefined;
  const store = await openServerStore(config, false);
  try {
    // The rows go into the schema they were written from; the migrations since then follow.
    await store.migrate(typeof until === 'string' ? { until } : {});
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
    const { tables, unopenedSecrets } = await restoreStore(store, lines, {
      replace: options.force === true,
      ...(config.secretKey === undefined ? {} : { secretKeyId: config.secretKey.id }),
    });
    const upgraded = await store.migrate();
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    printLine(
      terminal,
      `Restored ${plural(rows, 'row')} in ${plural(tables.length, 'table')} from ${file}.`,
    );
    if (upgraded.applied.length > 0) {
      terminal.stderr.write(
        `Then applied ${plural(upgraded.applied.length, 'migration')}: ${upgraded.applied.join(', ')}.\n`,
      );
    }
    if (unopenedSecrets.length > 0) {
      terminal.stderr.write(
        `Left out ${plural(unopenedSecrets.length, 'secret')} this SKILLSET_SECRET_KEY cannot open (workspace/NAME): ${unopenedSecrets.join(', ')}; restore again with the key they were stored with, or set them anew.\n`,
      );
    }
    return 0;
  } finally {
    await store.close();
  }
}
