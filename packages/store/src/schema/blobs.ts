import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';

/** File contents stored once per sha256. */
export const blobs = pgTable('blobs', {
  hash: text('hash').primaryKey(),
  content: bytea('content').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
