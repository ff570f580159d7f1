import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { notifyAccessChange } from '../changes/notify-access-change.ts';
import { isUniqueViolation } from '../database/is-unique-violation.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { type AgentSettings, agents } from '../schema/agents.ts';
import { tokens } from '../schema/tokens.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { Actor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';

/** An agent of a workspace. */
export type StoredAgent = typeof agents.$inferSelect;

/** Options for {@link AgentsRepository.create}. */
export interface CreateAgentOptions {
  workspaceId: string;
  name: string;
  description?: string;
  settings?: Partial<AgentSettings>;
  actsForUserId?: string;
  actor?: Actor;
}

/** Options for {@link AgentsRepository.update}; settings are merged into the stored ones. */
export interface UpdateAgentOptions {
  workspaceId: string;
  id: string;
  name?: string;
  description?: string | null;
  settings?: Partial<AgentSettings>;
  actsForUserId?: string | null;
  actor?: Actor;
}

/** Agents of a workspace; every call takes the workspace id and never crosses workspaces. */
export interface AgentsRepository {
  create(options: CreateAgentOptions): Promise<StoredAgent>;
  get(workspaceId: string, id: string): Promise<StoredAgent | undefined>;
  getByName(workspaceId: string, name: string): Promise<StoredAgent | undefined>;
  list(workspaceId: string): Promise<StoredAgent[]>;
  update(options: UpdateAgentOptions): Promise<StoredAgent | undefined>;
  /** Deletes an agent, its rules and its tokens; false when it did not exist. */
  delete(options: { workspaceId: string; id: string; actor?: Actor }): Promise<boolean>;
}

/** The settings of a new agent: skills on, every skill allowed, no personal skills. */
export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  skillsEnabled: true,
  allowlist: [],
  includePersonal: false,
  skills: [],
};

/** Fills an agent's settings with the defaults. */
export function normalizeAgentSettings(settings: Partial<AgentSettings>): AgentSettings {
  const result: AgentSettings = {
    skillsEnabled: settings.skillsEnabled ?? DEFAULT_AGENT_SETTINGS.skillsEnabled,
    allowlist: [...(settings.allowlist ?? [])],
    includePersonal: settings.includePersonal ?? DEFAULT_AGENT_SETTINGS.includePersonal,
    skills: [...(settings.skills ?? [])],
  };
  if (settings.integrations !== undefined) result.integrations = [...settings.integrations];
  if (settings.catalogBudget !== undefined) result.catalogBudget = settings.catalogBudget;
  if (settings.contentRisks === 'block') result.contentRisks = 'block';
  if (settings.requireSigned === true) result.requireSigned = true;
  if (settings.role === 'member') result.role = 'member';
  if (settings.revisionPins !== undefined && Object.keys(settings.revisionPins).length > 0) {
    result.revisionPins = { ...settings.revisionPins };
  }
  return result;
}

function nameTaken(
  workspaceId: string,
  name: string,
  cause: unknown,
): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'agent_name_taken',
    message: `Workspace ${workspaceId} already has an agent named ${JSON.stringify(name)}.`,
    details: { workspaceId, name },
    cause,
  });
}

/** Creates the agents repository over a session. */
export function createAgentsRepository(session: StoreSession): AgentsRepository {
  const get = async (workspaceId: string, id: string) => {
    const [row] = await session.database
      .select()
      .from(agents)
      .where(and(eq(agents.workspaceId, workspaceId), eq(agents.id, id)));
    return row;
  };
  return {
    create: (options) =>
      runInTransaction(session, async (database) => {
        const id = randomUUID();
        const [row] = await database
          .insert(agents)
          .values({
            id,
            workspaceId: options.workspaceId,
            name: options.name,
            description: options.description ?? null,
            settings: normalizeAgentSettings(options.settings ?? {}),
            actsForUserId: options.actsForUserId ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (row === undefined) throw nameTaken(options.workspaceId, options.name, undefined);
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'agent.create',
          target: { kind: 'agent', id },
          details: { name: options.name },
        });
        return row;
      }),
    get,
    async getByName(workspaceId, name) {
      const [row] = await session.database
        .select()
        .from(agents)
        .where(
          and(eq(agents.workspaceId, workspaceId), sql`lower(${agents.name}) = lower(${name})`),
        );
      return row;
    },
    list: (workspaceId) =>
      session.database
        .select()
        .from(agents)
        .where(eq(agents.workspaceId, workspaceId))
        .orderBy(asc(sql`lower(${agents.name})`)),
    update: (options) =>
      runInTransaction(session, async (database) => {
        const [existing] = await database
          .select()
          .from(agents)
          .where(and(eq(agents.workspaceId, options.workspaceId), eq(agents.id, options.id)))
          .for('update');
        if (existing === undefined) return undefined;
        try {
          const [row] = await database
            .update(agents)
            .set({
              ...(options.name === undefined ? {} : { name: options.name }),
              ...(options.description === undefined ? {} : { description: options.description }),
              ...(options.actsForUserId === undefined
                ? {}
                : { actsForUserId: options.actsForUserId }),
              ...(options.settings === undefined
                ? {}
                : {
                    settings: normalizeAgentSettings({ ...existing.settings, ...options.settings }),
                  }),
              updatedAt: sql`now()`,
            })
            .where(eq(agents.id, options.id))
            .returning();
          await appendAudit(database, {
            workspaceId: options.workspaceId,
            ...(options.actor === undefined ? {} : { actor: options.actor }),
            action: 'agent.update',
            target: { kind: 'agent', id: options.id },
            details: {
              ...(options.name === undefined ? {} : { name: options.name }),
              ...(options.settings === undefined ? {} : { settings: options.settings }),
            },
          });
          await notifyAccessChange(database, {
            kind: 'agent',
            workspaceId: options.workspaceId,
            id: options.id,
          });
          return row;
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw nameTaken(options.workspaceId, options.name ?? existing.name, error);
          }
          throw error;
        }
      }),
    delete: (options) =>
      runInTransaction(session, async (database) => {
        const rows = await database
          .delete(agents)
          .where(and(eq(agents.workspaceId, options.workspaceId), eq(agents.id, options.id)))
          .returning({ id: agents.id, name: agents.name });
        const row = rows[0];
        if (row === undefined) return false;
        await database
          .delete(tokens)
          .where(and(eq(tokens.principalKind, 'agent'), eq(tokens.principalId, options.id)));
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'agent.delete',
          target: { kind: 'agent', id: options.id },
          details: { name: row.name },
        });
        await notifyAccessChange(database, {
          kind: 'agent',
          workspaceId: options.workspaceId,
          id: options.id,
        });
        return true;
      }),
  };
}
