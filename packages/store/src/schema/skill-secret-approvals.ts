import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { skillSecrets } from './skill-secrets.ts';
import { skills } from './skills.ts';

/** The revision of each bound skill an admin approved for a secret; any other revision runs without it. */
export const skillSecretApprovals = pgTable(
  'skill_secret_approvals',
  {
    secretId: text('secret_id')
      .notNull()
      .references(() => skillSecrets.id, { onDelete: 'cascade' }),
    /** The bound skill's lowercase name, as in `skill_secrets.skills`. */
    skill: text('skill').notNull(),
    /** The stored skill whose version was approved. */
    skillId: text('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The version's content address (the hex sha256 of its files). */
    digest: text('digest').notNull(),
    /** The actor id of the admin who approved it. */
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'skill_secret_approvals_pkey', columns: [table.secretId, table.skill] }),
    index('skill_secret_approvals_skill_id_idx').on(table.skillId),
  ],
);
