import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { INSTANCE_BACKUP_PATH } from '@skillset/server';
import type { backupStore } from '@skillset/store';

/** Each table's row count and digest, as a backup's footer lists them. */
export type BackupTables = Awaited<ReturnType<typeof backupStore>>;

/** Where a running PGlite server listens, and the operator secret it wrote into its data folder. */
export interface OperatorAccess {
  url: string;
  operatorSecret: string;
}

interface ErrorBody {
  error?: { message?: unknown };
}

async function refusal(url: string, response: Response): Promise<Error> {
  let message = '';
  try {
    const body = (await response.json()) as ErrorBody;
    if (typeof body.error?.message === 'string') message = `: ${body.error.message}`;
  } catch {}
  return new Error(`the server at ${url} refused the backup (HTTP ${response.status})${message}`);
}

/** Checks the lines as they pass: a header first, the footer last, each table's row count. */
function createLineCheck(url: string) {
  const cutOff = (problem: string) =>
    new Error(`the backup from the server at ${url} ${problem}; no file was written.`);
  const counted = new Map<string, number>();
  let table: string | undefined;
  let lines = 0;
  let footer: BackupTables | undefined;
  const parse = <Value>(line: string): Value => {
    try {
      return JSON.parse(line) as Value;
    } catch {
      throw cutOff(`has a line that is no JSON (line ${lines})`);
    }
  };
  return {
    take(line: string) {
      lines += 1;
      if (footer !== undefined) throw cutOff('goes on after its last line');
      if (lines === 1) {
        const header = parse<{ format?: unknown }>(line);
        if (header.format !== 'skillset-backup') throw cutOff('does not start with its header');
      } else if (line.startsWith('{"@table":')) {
        table = parse<{ '@table': string }>(line)['@table'];
        counted.set(table, 0);
      } else if (line.startsWith('{"@end":')) {
        footer = parse<{ '@end': BackupTables }>(line)['@end'];
      } else if (table === undefined) {
        throw cutOff(`has a row before any table (line ${lines})`);
      } else {
        counted.set(table, (counted.get(table) ?? 0) + 1);
      }
    },
    finish(): BackupTables {
      if (footer === undefined) throw cutOff('ended before its last line');
      for (const { table: name, rows } of footer) {
        if (counted.get(name) !== rows) {
          throw cutOff(`holds ${counted.get(name) ?? 0} rows of ${name}, not the ${rows} it lists`);
        }
      }
      return footer;
    },
  };
}

/**
 * Asks the server that holds a PGlite folder for the instance backup, presenting the operator
 * secret it wrote there, and passes each line on; answers the footer's tables once every line
 * arrived, and throws on a refusal or a backup cut off.
 */
export async function backupThroughServer(
  server: OperatorAccess,
  writeLine: (line: string) => Promise<void>,
): Promise<BackupTables> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${INSTANCE_BACKUP_PATH}`, {
      headers: { authorization: `Bearer ${server.operatorSecret}` },
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `cannot reach the server at ${server.url} (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
    );
  }
  if (!response.ok || response.body === null) throw await refusal(server.url, response);
  const check = createLineCheck(server.url);
  const input = Readable.fromWeb(response.body as WebReadableStream);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const reader = lines[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<string>;
      try {
        next = await reader.next();
      } catch (error) {
        throw new Error(
          `the backup from the server at ${server.url} was cut off (${error instanceof Error ? error.message : String(error)}); no file was written.`,
        );
      }
      if (next.done === true) return check.finish();
      check.take(next.value);
      await writeLine(next.value);
    }
  } finally {
    lines.close();
    // Leaving early ends the server's transaction at once instead of after its stall limit.
    input.destroy();
  }
}
