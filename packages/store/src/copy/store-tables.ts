import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import { MIGRATIONS_TABLE } from '../migrate/migrate.ts';

/** A table of the store's schema, as a copy reads and writes it. */
export interface StoreTable {
  name: string;
  /** The primary key's columns, which order a copy's pages. */
  key: string[];
  /** Identity columns, whose sequences continue after the copied rows. */
  identities: string[];
}

/**
 * The tables of the store's schema (the migrations table aside), every table after the tables
 * its foreign keys point at, so rows can be written in this order.
 */
export async function listStoreTables(database: StoreDatabase): Promise<StoreTable[]> {
  const tables = await queryRows<{ name: string }>(
    database,
    sql`select c.relname as name from pg_class c
        where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
          and c.relname <> ${MIGRATIONS_TABLE}
        order by c.relname`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    database,
    sql`select conrelid::regclass::text as child, confrelid::regclass::text as parent
        from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace`,
  );
  const keys = await queryRows<{ table: string; column: string }>(
    database,
    sql`select i.indrelid::regclass::text as table, a.attname as column
        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indisprimary and i.indrelid::regclass::text in
          (select relname from pg_class where relnamespace = current_schema()::regnamespace)
        order by i.indrelid, array_position(i.indkey, a.attnum)`,
  );
  const identities = await queryRows<{ table: string; column: string }>(
    database,
    sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = current_schema() and is_identity = 'YES'`,
  );
  const columnsOf = (rows: Array<{ table: string; column: string }>, table: string) =>
    rows.filter((row) => row.table === table).map((row) => row.column);
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of references.filter((reference) => reference.child === table)) {
      if (parent !== table) visit(parent, path);
    }
    ordered.push(table);
  };
  for (const { name } of tables) visit(name, new Set());
  return ordered.map((name) => ({
    name,
    key: columnsOf(keys, name),
    identities: columnsOf(identities, name),
  }));
}
