import { randomUUID } from 'node:crypto';
import {
  isPolicySurface,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionRule,
  POLICY_SURFACES,
  type PolicySurface,
  SkillsetError,
} from '@skillset/core';
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { notifyAccessChange } from '../changes/notify-access-change.ts';
import type { StoreDatabase } from '../database/store-database.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { agents } from '../schema/agents.ts';
import { permissionRules } from '../schema/permission-rules.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { Actor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';

/** A stored permission rule. */
export interface StoredPermissionRule {
  id: string;
  workspaceId: string;
  /** The agent the rule is bound to; null for a workspace-wide rule. */
  agentId: string | null;
  /** A user id, an agent id, or `*`. */
  principal: string;
  skill: string;
  surface: PolicySurface | '*';
  action: PermissionAction;
  createdAt: Date;
}

/** A rule to create. */
export interface PermissionRuleInput {
  agentId?: string | null;
  principal?: string;
  skill: string;
  surface?: PolicySurface | '*';
  action: PermissionAction;
}

/** Options for {@link PermissionsRepository.list}. */
export interface ListPermissionRulesOptions {
  workspaceId: string;
  /** Only workspace-wide rules and the rules of this agent. */
  agentId?: string;
}

/** Permission rules (allow/ask/deny per agent, skill pattern and surface) of a workspace. */
export interface PermissionsRepository {
  create(
    options: PermissionRuleInput & { workspaceId: string; actor?: Actor },
  ): Promise<StoredPermissionRule>;
  list(options: ListPermissionRulesOptions): Promise<StoredPermissionRule[]>;
  /** Replaces every rule bound to an agent (or the workspace-wide rules, for `agentId: null`). */
  replace(options: {
    workspaceId: string;
    agentId: string | null;
    rules: readonly Omit<PermissionRuleInput, 'agentId'>[];
    actor?: Actor;
  }): Promise<StoredPermissionRule[]>;
  delete(options: { workspaceId: string; id: string; actor?: Actor }): Promise<boolean>;
  /** The rules that apply with this agent, as core's `PermissionRule` for `decide`. */
  policyRules(options: ListPermissionRulesOptions): Promise<PermissionRule[]>;
}

/** Converts a stored rule to core's shape; an agent-bound rule for `*` applies to that agent. */
export function toPermissionRule(rule: StoredPermissionRule): PermissionRule {
  const principal = rule.agentId !== null && rule.principal === '*' ? rule.agentId : rule.principal;
  return { principal, skill: rule.skill, surface: rule.surface, action: rule.action };
}

function checkRule(rule: PermissionRuleInput): void {
  if (!(PERMISSION_ACTIONS as readonly string[]).includes(rule.action)) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'invalid_permission_action',
      message: `Invalid action ${JSON.stringify(rule.action)}; use one of ${PERMISSION_ACTIONS.join(', ')}.`,
      details: { action: rule.action },
    });
  }
  const surface = rule.surface ?? '*';
  if (surface !== '*' && !isPolicySurface(surface)) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'invalid_permission_surface',
      message: `Invalid surface ${JSON.stringify(surface)}; use * or ${POLICY_SURFACES.join(', ')}.`,
      details: { surface },
    });
  }
  if (rule.skill.trim() === '') {
    throw new SkillsetError<StoreErrorCode>({
      code: 'invalid_permission_skill',
      message: 'A permission rule needs a skill name or pattern.',
    });
  }
}

async function assertAgent(database: StoreDatabase, workspaceId: string, agentId: string) {
  const [agent] = await database
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.workspaceId, workspaceId), eq(agents.id, agentId)));
  if (agent === undefined) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'agent_not_found',
      message: `No agent ${agentId} in workspace ${workspaceId}.`,
      details: { workspaceId, agentId },
    });
  }
}

const columns = {
  id: permissionRules.id,
  workspaceId: permissionRules.workspaceId,
  agentId: permissionRules.agentId,
  principal: permissionRules.principal,
  skill: permissionRules.skillPattern,
  surface: permissionRules.surface,
  action: permissionRules.action,
  createdAt: permissionRules.createdAt,
};

/** Creates the permissions repository over a session. */
export function createPermissionsRepository(session: StoreSession): PermissionsRepository {
  const insert = async (
    database: StoreDatabase,
    workspaceId: string,
    rule: PermissionRuleInput,
  ) => {
    checkRule(rule);
    if (rule.agentId != null) await assertAgent(database, workspaceId, rule.agentId);
    const [row] = await database
      .insert(permissionRules)
      .values({
        id: randomUUID(),
        workspaceId,
        agentId: rule.agentId ?? null,
        principal: rule.principal ?? '*',
        skillPattern: rule.skill,
        surface: rule.surface ?? '*',
        action: rule.action,
      })
      .returning(columns);
    return row as StoredPermissionRule;
  };
  const list = async (options: ListPermissionRulesOptions) => {
    const conditions: (SQL | undefined)[] = [eq(permissionRules.workspaceId, options.workspaceId)];
    if (options.agentId !== undefined) {
      conditions.push(
        or(isNull(permissionRules.agentId), eq(permissionRules.agentId, options.agentId)),
      );
    }
    const rows = await session.database
      .select(columns)
      .from(permissionRules)
      .where(and(...conditions))
      .orderBy(asc(permissionRules.createdAt), asc(permissionRules.id));
    return rows as StoredPermissionRule[];
  };
  return {
    create: (options) =>
      runInTransaction(session, async (database) => {
        const rule = await insert(database, options.workspaceId, options);
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'permission.create',
          target: { kind: 'permission_rule', id: rule.id },
          details: { ...toPermissionRule(rule), agentId: rule.agentId },
        });
        await notifyAccessChange(database, {
          kind: 'permissions',
          workspaceId: options.workspaceId,
        });
        return rule;
      }),
    list,
    replace: (options) =>
      runInTransaction(session, async (database) => {
        if (options.agentId !== null) {
          await assertAgent(database, options.workspaceId, options.agentId);
        }
        await database
          .delete(permissionRules)
          .where(
            and(
              eq(permissionRules.workspaceId, options.workspaceId),
              options.agentId === null
                ? isNull(permissionRules.agentId)
                : eq(permissionRules.agentId, options.agentId),
            ),
          );
        const created: StoredPermissionRule[] = [];
        for (const rule of options.rules) {
          created.push(
            await insert(database, options.workspaceId, { ...rule, agentId: options.agentId }),
          );
        }
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'permission.replace',
          target:
            options.agentId === null
              ? { kind: 'workspace', id: options.workspaceId }
              : { kind: 'agent', id: options.agentId },
          details: { rules: created.map(toPermissionRule) },
        });
        await notifyAccessChange(database, {
          kind: 'permissions',
          workspaceId: options.workspaceId,
        });
        return created;
      }),
    delete: (options) =>
      runInTransaction(session, async (database) => {
        const rows = await database
          .delete(permissionRules)
          .where(
            and(
              eq(permissionRules.workspaceId, options.workspaceId),
              eq(permissionRules.id, options.id),
            ),
          )
          .returning({ id: permissionRules.id });
        if (rows.length === 0) return false;
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'permission.delete',
          target: { kind: 'permission_rule', id: options.id },
        });
        await notifyAccessChange(database, {
          kind: 'permissions',
          workspaceId: options.workspaceId,
        });
        return true;
      }),
    async policyRules(options) {
      return (await list(options)).map(toPermissionRule);
    },
  };
}
