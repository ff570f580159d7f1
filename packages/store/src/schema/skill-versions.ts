import type { SkillManifest } from '@skillset/core';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { skills } from './skills.ts';

/** Where a revision stands in review. */
export type ReviewState = 'proposed' | 'published' | 'rejected';

/** Immutable skill versions, content-addressed by the sha256 of their files. */
export const skillVersions = pgTable(
  'skill_versions',
  {
    id: text('id').primaryKey(),
    skillId: text('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    hash: text('hash').notNull(),
    skillMd: text('skill_md').notNull(),
    manifest: jsonb('manifest').$type<SkillManifest>().notNull(),
    description: text('description').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    category: text('category'),
    searchText: text('search_text').notNull(),
    message: text('message'),
    createdBy: text('created_by'),
    /** `proposed` waits for review; `published` was published after review; null: published when written. */
    reviewState: text('review_state').$type<ReviewState>(),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('skill_versions_skill_number_key').on(table.skillId, table.number),
    index('skill_versions_proposed_idx')
      .on(table.skillId)
      .where(sql`${table.reviewState} = 'proposed'`),
    check(
      'skill_versions_review_state_check',
      sql`${table.reviewState} in ('proposed', 'published', 'rejected')`,
    ),
  ],
);
