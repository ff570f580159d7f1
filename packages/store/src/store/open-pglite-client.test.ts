import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteClient, pgliteTemplateFolder } from './open-pglite-client.ts';

// One initdb and three PGlite starts: slow on a busy machine.
describe('openPgliteClient', { timeout: 90_000 }, () => {
  it('runs initdb once into the template, then starts new folders as copies of it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'skillset-pglite-template-'));
    const templateDir = join(root, 'cache');
    try {
      const first = join(root, 'first');
      await mkdir(first);
      const one = await openPgliteClient({ folder: first, templateDir });
      await one.exec('CREATE TABLE only_in_first (id int)');
      await one.close();
      const [template] = await readdir(templateDir);
      expect(template).toMatch(/^pglite-cluster-\d+\.\d+\.\d+$/);
      // The template is the empty cluster: nothing a database did afterwards is in it.
      const second = join(root, 'second');
      await mkdir(second);
      const two = await openPgliteClient({ folder: second, templateDir });
      try {
        const tables = await two.query<{ name: string }>(
          "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
        );
        expect(tables.rows).toEqual([]);
        await two.exec('CREATE TABLE in_second (id int)');
      } finally {
        await two.close();
      }
      // A folder that already holds a database opens as it is.
      const again = await openPgliteClient({ folder: first, templateDir });
      try {
        const tables = await again.query<{ name: string }>(
          "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
        );
        expect(tables.rows.map((row) => row.name)).toEqual(['only_in_first']);
      } finally {
        await again.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('initialises the folder itself when the template is broken', async () => {
    const root = await mkdtemp(join(tmpdir(), 'skillset-pglite-template-'));
    const templateDir = join(root, 'cache');
    try {
      // A template that looks like a cluster but is not one.
      const template = pgliteTemplateFolder(templateDir) as string;
      await mkdir(template, { recursive: true });
      await writeFile(join(template, 'PG_VERSION'), 'not a cluster\n');
      const folder = join(root, 'fresh');
      await mkdir(folder);
      const client = await openPgliteClient({ folder, templateDir });
      try {
        expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await client.close();
      }
      expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
