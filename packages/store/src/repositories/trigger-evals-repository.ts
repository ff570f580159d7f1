import type { TriggerEvalReport } from '@skillset/core/authoring';
import { and, eq, sql } from 'drizzle-orm';
import type { StoreSession } from '../database/store-session.ts';
import { skillTriggerEvals } from '../schema/skill-trigger-evals.ts';

/** A skill's last trigger eval in a workspace. */
export interface StoredTriggerEval {
  version: number;
  report: TriggerEvalReport;
  createdBy: string | null;
  createdAt: Date;
}

/** Options for {@link TriggerEvalsRepository.save}. */
export interface SaveTriggerEvalOptions {
  workspaceId: string;
  skillId: string;
  version: number;
  report: TriggerEvalReport;
  createdBy: string | null;
}

/** The last trigger eval of each skill, per workspace; a new one replaces the last. */
export interface TriggerEvalsRepository {
  get(workspaceId: string, skillId: string): Promise<StoredTriggerEval | undefined>;
  save(options: SaveTriggerEvalOptions): Promise<StoredTriggerEval>;
}

/** Creates the trigger evals repository over a session. */
export function createTriggerEvalsRepository(session: StoreSession): TriggerEvalsRepository {
  const { database } = session;
  const columns = {
    version: skillTriggerEvals.version,
    report: skillTriggerEvals.report,
    createdBy: skillTriggerEvals.createdBy,
    createdAt: skillTriggerEvals.createdAt,
  };
  return {
    async get(workspaceId, skillId) {
      const [row] = await database
        .select(columns)
        .from(skillTriggerEvals)
        .where(
          and(
            eq(skillTriggerEvals.workspaceId, workspaceId),
            eq(skillTriggerEvals.skillId, skillId),
          ),
        );
      return row;
    },
    async save(options) {
      const values = {
        version: options.version,
        report: options.report,
        createdBy: options.createdBy,
      };
      const [row] = await database
        .insert(skillTriggerEvals)
        .values({ workspaceId: options.workspaceId, skillId: options.skillId, ...values })
        .onConflictDoUpdate({
          target: [skillTriggerEvals.workspaceId, skillTriggerEvals.skillId],
          set: { ...values, createdAt: sql`now()` },
        })
        .returning(columns);
      return row as StoredTriggerEval;
    },
  };
}
