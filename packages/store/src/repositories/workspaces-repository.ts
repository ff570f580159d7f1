import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { asc, eq, sql } from 'drizzle-orm';
import { notifyAccessChange } from '../changes/notify-access-change.ts';
import { isUniqueViolation } from '../database/is-unique-violation.ts';
import type { StoreSession } from '../database/store-session.ts';
import { members, type WorkspaceRole } from '../schema/members.ts';
import { users } from '../schema/users.ts';
import { type WorkspaceSettings, workspaces } from '../schema/workspaces.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';

/** A workspace. */
export type StoredWorkspace = typeof workspaces.$inferSelect;

/** A workspace with the role a user holds in it. */
export interface WorkspaceMembership {
  workspace: StoredWorkspace;
  role: WorkspaceRole;
}

/** Options for {@link WorkspacesRepository.create}. */
export interface CreateWorkspaceOptions {
  name: string;
  /** URL-safe unique key; derived from the name when absent. */
  slug?: string;
  settings?: Partial<WorkspaceSettings>;
}

/** Fields of a workspace that may change; settings are merged. */
export interface UpdateWorkspaceOptions {
  name?: string;
  settings?: Partial<WorkspaceSettings>;
}

/** Workspaces (tenants). */
export interface WorkspacesRepository {
  create(options: CreateWorkspaceOptions): Promise<StoredWorkspace>;
  get(id: string): Promise<StoredWorkspace | undefined>;
  getBySlug(slug: string): Promise<StoredWorkspace | undefined>;
  list(): Promise<StoredWorkspace[]>;
  /** The workspaces a user belongs to, with their role in each. */
  listForUser(userId: string): Promise<WorkspaceMembership[]>;
  /**
   * The workspace of a user's requests that name none: the one they chose while they belong to
   * it, else the one they joined first; undefined when they belong to none.
   */
  defaultForUser(userId: string): Promise<WorkspaceMembership | undefined>;
  update(id: string, changes: UpdateWorkspaceOptions): Promise<StoredWorkspace | undefined>;
  /** Deletes a workspace and everything in it; false when it did not exist. */
  delete(id: string): Promise<boolean>;
}

/** The settings of a new workspace: skills on, integrations not gated. */
export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = { skillsEnabled: true };

/** Turns a name into a slug: lowercase letters, digits and single hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug === '' ? 'workspace' : slug;
}

function normalizeSettings(settings: Partial<WorkspaceSettings>): WorkspaceSettings {
  const result: WorkspaceSettings = {
    skillsEnabled: settings.skillsEnabled ?? DEFAULT_WORKSPACE_SETTINGS.skillsEnabled,
  };
  if (settings.integrations !== undefined) result.integrations = [...settings.integrations];
  if (settings.catalogBudget !== undefined) result.catalogBudget = settings.catalogBudget;
  if (settings.contentRisks === 'block') result.contentRisks = 'block';
  if (settings.requireSigned === true) result.requireSigned = true;
  if (settings.review === 'required') result.review = 'required';
  if (settings.blockRecallDrop === true) result.blockRecallDrop = true;
  if (settings.trustedSigners !== undefined && settings.trustedSigners.length > 0) {
    result.trustedSigners = [...settings.trustedSigners];
  }
  if (settings.revokedSigners !== undefined && settings.revokedSigners.length > 0) {
    result.revokedSigners = [...settings.revokedSigners];
  }
  if (settings.mcpServers !== undefined && Object.keys(settings.mcpServers).length > 0) {
    result.mcpServers = structuredClone(settings.mcpServers);
  }
  return result;
}

/** Creates the workspaces repository over a session. */
export function createWorkspacesRepository(session: StoreSession): WorkspacesRepository {
  const { database } = session;
  return {
    async create(options) {
      const slug = options.slug ?? slugify(options.name);
      try {
        const [row] = await database
          .insert(workspaces)
          .values({
            id: randomUUID(),
            name: options.name,
            slug,
            settings: normalizeSettings(options.settings ?? {}),
          })
          .returning();
        return row as StoredWorkspace;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new SkillsetError<StoreErrorCode>({
          code: 'workspace_slug_taken',
          message: `A workspace with the slug ${JSON.stringify(slug)} already exists; choose another slug.`,
          details: { slug },
          cause: error,
        });
      }
    },
    async get(id) {
      const [row] = await database.select().from(workspaces).where(eq(workspaces.id, id));
      return row;
    },
    async getBySlug(slug) {
      const [row] = await database.select().from(workspaces).where(eq(workspaces.slug, slug));
      return row;
    },
    list: () => database.select().from(workspaces).orderBy(asc(workspaces.createdAt)),
    async listForUser(userId) {
      const rows = await database
        .select({ workspace: workspaces, role: members.role })
        .from(members)
        .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
        .where(eq(members.userId, userId))
        .orderBy(asc(workspaces.createdAt));
      return rows;
    },
    async defaultForUser(userId) {
      const [row] = await database
        .select({ workspace: workspaces, role: members.role })
        .from(members)
        .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
        .innerJoin(users, eq(users.id, members.userId))
        .where(eq(members.userId, userId))
        .orderBy(
          sql`${users.defaultWorkspaceId} is not distinct from ${members.workspaceId} desc`,
          asc(members.createdAt),
          asc(workspaces.id),
        )
        .limit(1);
      return row;
    },
    async update(id, changes) {
      const existing = await this.get(id);
      if (existing === undefined) return undefined;
      const [row] = await database
        .update(workspaces)
        .set({
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.settings === undefined
            ? {}
            : { settings: normalizeSettings({ ...existing.settings, ...changes.settings }) }),
          updatedAt: sql`now()`,
        })
        .where(eq(workspaces.id, id))
        .returning();
      await notifyAccessChange(database, { kind: 'workspace', workspaceId: id, id });
      return row;
    },
    async delete(id) {
      const rows = await database
        .delete(workspaces)
        .where(eq(workspaces.id, id))
        .returning({ id: workspaces.id });
      if (rows.length === 0) return false;
      await notifyAccessChange(database, { kind: 'workspace', workspaceId: id, id });
      return true;
    },
  };
}
