import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** An empty database created for one suite; `drop` removes it. */
export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

async function runAdminQuery(adminUrl: string, query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Creates a database `skillset_test_<random>` beside `adminUrl`'s (e.g. DATABASE_URL's). */
export async function createFreshPostgresDatabase(
  adminUrl: string,
): Promise<FreshPostgresDatabase> {
  const name = `skillset_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
