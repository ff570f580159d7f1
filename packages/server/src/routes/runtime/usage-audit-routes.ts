import { createRoute } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import { requireRole, requireUser } from '../../auth/require-role.ts';
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
  summary: 'The workspace’s audit log, newest first (admin or owner)',
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
    const principal = requireRole(context.var.principal, 'admin', 'read the audit log');
    const { before, limit = 50 } = context.req.valid('query');
    const entries = await runtime.store.audit.list({
      workspaceId: principal.workspaceId,
      limit,
      ...(before === undefined ? {} : { before }),
    });
    const last = entries.at(-1);
    return context.json(
      {
        entries: entries.map((entry) => ({
          id: entry.id,
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
