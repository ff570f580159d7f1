import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import pg from 'pg';
import { skillsetBin } from '../support/skillset-bin.ts';

/** A running `skillset serve` child process. */
export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** The instance owner's token (`SKILLSET_ADMIN_TOKEN`). */
  token: string;
}

/** Where a served instance keeps its data: a PGlite folder or a PostgreSQL database. */
export interface ServeDatabase {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** Drops the database (PostgreSQL); the caller removes a PGlite folder. */
  drop(): Promise<void>;
}

/** A fresh database of `kind` (PostgreSQL needs `DATABASE_URL`, the server to create it in). */
export async function createServeDatabase(
  kind: 'pglite' | 'postgres',
  dataDir: string,
): Promise<ServeDatabase> {
  if (kind === 'pglite') {
    return { kind, env: { SKILLSET_DATA_DIR: dataDir }, drop: async () => {} };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl === undefined) throw new Error('PostgreSQL runs need DATABASE_URL');
  const name = `skillset_soak_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString(), SKILLSET_DATA_DIR: dataDir },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The owner token every served instance of a run shares. */
export const SOAK_ADMIN_TOKEN = `sks_soak${randomBytes(16).toString('hex')}`;

/** Starts `skillset serve --port 0`; resolves once it listens. */
export function startServe(database: ServeDatabase, cwd: string): Promise<ServeProcess> {
  // This Node runs the bin itself, so the child is the server (no wrapper a kill -9 would miss).
  const child = spawn(process.execPath, [skillsetBin, 'serve', '--port', '0'], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NO_COLOR: '1',
      LOG_LEVEL: 'warn',
      SKILLSET_ADMIN_TOKEN: SOAK_ADMIN_TOKEN,
      ...database.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Skillset is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] && /Press Ctrl\+C/.test(output)) {
        resolve({ child, url: match[1], token: SOAK_ADMIN_TOKEN });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`skillset serve exited (${code}):\n${output}`)));
  });
}

/** Stops a served instance with `signal` (SIGKILL: no clean-up at all) and waits for its exit. */
export async function stopServe(serve: ServeProcess, signal: NodeJS.Signals = 'SIGTERM') {
  const { child } = serve;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
