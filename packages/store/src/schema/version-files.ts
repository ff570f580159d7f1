import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { blobs } from './blobs.ts';
import { skillVersions } from './skill-versions.ts';

/** The files of a version (including `SKILL.md`), each pointing at its blob. */
export const versionFiles = pgTable(
  'version_files',
  {
    versionId: text('version_id')
      .notNull()
      .references(() => skillVersions.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => blobs.hash),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
  },
  (table) => [
    primaryKey({ name: 'version_files_pkey', columns: [table.versionId, table.path] }),
    index('version_files_blob_hash_idx').on(table.blobHash),
  ],
);
