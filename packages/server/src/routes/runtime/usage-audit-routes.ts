import { createRoute } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import type { RequestPrincipal } from '../../app/app-env.ts';
import { forbiddenError } from '../../auth/forbidden-error.ts';
import { requireRole, requireUser } from '../../auth/require-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import {
  auditQuerySchema,
  auditResponseSchema,
  usageQuerySchema,
  usageResponseSchema,
} from './runtime-schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const getUsage = createRoute({
  method: 'get',
  path: '/api/usage',
  tags: ['analytics'],
  summary: 'Skill usage counts per skill, per UTC day, per trigger',
  request: { query: usageQuerySchema },
  responses: {
    200: {
      description: 'The counts, oldest day first',
      content: { 'application/json': { schema: usageResponseSchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

const getAudit = createRoute({
  method: 'get',
  path: '/api/audit',
  tags: ['analytics'],
  summary:
    'The audit log, newest first: the workspace’s (admin or owner) or, with scope=instance, the instance’s (instance admin)',
  request: { query: auditQuerySchema },
  responses: {
    200: {
      description: 'A page of entries; pass nextBefore as `before` for the next one',
      content: { 'application/json': { schema: auditResponseSchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

/** Reads a usage bound: a date-time, or a date (its start; with `endOfDay`, the next day's start). */
function parseBound(name: string, value: string, endOfDay: boolean): Date {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_request',
      message: `Invalid "${name}" ${JSON.stringify(value)}; use an ISO date (2025-01-31) or date-time (2025-01-31T12:00:00Z).`,
      details: { issues: [{ code: 'invalid_date', field: name, message: 'Not a date.' }] },
    });
  }
  return endOfDay && DATE_ONLY.test(value) ? new Date(date.getTime() + DAY_MS) : date;
}

/** The workspace whose entries `scope=workspace` lists: the caller's, for its admins. */
function workspaceAuditScope(principal: RequestPrincipal, workspaceId: string | undefined) {
  if (workspaceId !== undefined) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_request',
      message:
        '"workspaceId" is only for scope=instance; to read your workspace’s log, leave it out (pick the workspace with the Skillset-Workspace header or ?workspace=).',
    });
  }
  return requireRole(principal, ABILITY_ROLES.readAudit, 'read the audit log').workspaceId;
}

/** What `scope=instance` lists: instance-level entries, or one (maybe deleted) workspace's. */
function instanceAuditScope(principal: RequestPrincipal, workspaceId: string | undefined) {
  const user = requireUser(principal, 'read the instance audit log');
  if (!user.instanceAdmin) {
    throw forbiddenError(
      'Only an instance admin can read the instance audit log; ask one, or read your workspace’s log without scope=instance.',
    );
  }
  return workspaceId ?? null;
}

/** Registers usage analytics and the audit log. */
export function registerUsageAuditRoutes(app: ApiApp, runtime: SkillRuntime) {
  app.openapi(getUsage, async (context) => {
    const principal = requireUser(context.var.principal, 'read usage analytics');
    const query = context.req.valid('query');
    await runtime.usage.flush();
    const to = query.to === undefined ? new Date() : parseBound('to', query.to, true);
    const from =
      query.from === undefined
        ? new Date(to.getTime() - 30 * DAY_MS)
        : parseBound('from', query.from, false);
    if (from.getTime() >= to.getTime()) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_request',
        message: `"from" (${from.toISOString()}) must be before "to" (${to.toISOString()}).`,
      });
    }
    const counts = await runtime.store.usage.counts({
      workspaceId: principal.workspaceId,
      from,
      to,
      ...(query.skill === undefined ? {} : { skillName: query.skill }),
    });
    return context.json(
      {
        from: from.toISOString(),
        to: to.toISOString(),
        counts: counts.map((count) => ({
          skill: count.skillName,
          day: count.day,
          trigger: count.trigger,
          count: count.count,
        })),
      },
      200,
    );
  });

  app.openapi(getAudit, async (context) => {
    const { before, limit = 50, scope = 'workspace', workspaceId } = context.req.valid('query');
    const listed =
      scope === 'instance'
        ? instanceAuditScope(context.var.principal, workspaceId)
        : workspaceAuditScope(context.var.principal, workspaceId);
    const entries = await runtime.store.audit.list({
      workspaceId: listed,
      limit,
      ...(before === undefined ? {} : { before }),
    });
    const last = entries.at(-1);
    return context.json(
      {
        entries: entries.map((entry) => ({
          id: entry.id,
          workspaceId: entry.workspaceId,
          actor: entry.actor,
          action: entry.action,
          target: entry.target,
          details: entry.details,
          at: entry.at.toISOString(),
        })),
        ...(entries.length === limit && last !== undefined ? { nextBefore: last.id } : {}),
      },
      200,
    );
  });
}
