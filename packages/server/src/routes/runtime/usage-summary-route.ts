import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app/api-app.ts';
import { requireUser } from '../../auth/require-role.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { workspaceQuery } from './runtime-schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS_MESSAGE = 'Give a whole number of days from 1 to 365, e.g. 30.';

const usageSummaryQuerySchema = z.strictObject({
  days: z
    .string()
    .regex(/^\d{1,3}$/, DAYS_MESSAGE)
    .transform(Number)
    .refine((days) => days >= 1 && days <= 365, DAYS_MESSAGE)
    .optional()
    .openapi({
      description: 'The period: today (UTC) and the days before it, 1 to 365; default 30.',
      example: '30',
    }),
  workspace: workspaceQuery,
});

const usagePrincipalSchema = z.object({
  kind: z
    .enum(['user', 'agent'])
    .nullable()
    .openapi({ description: 'Null when none was recorded.' }),
  id: z.string().nullable(),
  name: z.string().nullable().openapi({
    description: 'The agent’s or person’s name; null when the principal is gone.',
  }),
});

const usageSummarySchema = z
  .object({
    days: z.number().int(),
    from: z.string().openapi({ description: 'Start of the first day (UTC), inclusive.' }),
    to: z.string().openapi({ description: 'End of today (UTC), exclusive.' }),
    total: z.number().int().openapi({ description: 'Successful uses in the period.' }),
    failures: z.number().int().openapi({ description: 'Attempts that ended in an error.' }),
    skills: z
      .array(
        z.object({
          skill: z.string(),
          uses: z.number().int(),
          failures: z.number().int(),
          lastUsedAt: z.string(),
        }),
      )
      .openapi({ description: 'The skills used or tried in the period, most used first.' }),
    principals: z
      .array(
        usagePrincipalSchema.extend({
          uses: z.number().int(),
          failures: z.number().int(),
        }),
      )
      .openapi({ description: 'Who used skills (people and agents), most active first.' }),
    unused: z.array(z.string()).openapi({
      description: 'Enabled skills the caller can see that nobody used or tried in the period.',
    }),
    daily: z
      .array(z.object({ day: z.string(), uses: z.number().int(), failures: z.number().int() }))
      .openapi({ description: 'Every UTC day of the period, oldest first.' }),
    failed: z
      .array(
        z.object({
          skill: z.string(),
          outcome: z.string().openapi({
            description:
              'The error code: an invocation error (`missing_argument`, …), `permission_denied`, `approval_required`, `approval_denied`, `unknown_skill` (a name no skill has), `invalid_input`, or a thrown error’s code.',
          }),
          principal: usagePrincipalSchema.openapi({ description: 'Who made the attempts.' }),
          count: z.number().int(),
          lastAt: z.string(),
        }),
      )
      .openapi({
        description:
          'Failed attempts per skill, error code and principal, most recent first (at most 50).',
      }),
  })
  .openapi('UsageSummary');

const usageSummaryRoute = createRoute({
  method: 'get',
  path: '/api/usage/summary',
  tags: ['analytics'],
  summary: 'A workspace’s skill usage over the last days: top skills, principals, unused skills',
  description:
    'Uses are the successful ones; failed attempts are counted apart, with their error codes. Members of the workspace may read it; agent tokens may not.',
  request: { query: usageSummaryQuerySchema },
  responses: {
    200: {
      description: 'The summary',
      content: { 'application/json': { schema: usageSummarySchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

/** Registers `GET /api/usage/summary`: the workspace's usage aggregates for the usage page. */
export function registerUsageSummaryRoute(app: ApiApp, runtime: SkillRuntime) {
  app.openapi(usageSummaryRoute, async (context) => {
    const principal = requireUser(context.var.principal, 'read usage analytics');
    const { days = 30 } = context.req.valid('query');
    await runtime.usage.flush();
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (days - 1) * DAY_MS);
    const to = new Date(today + DAY_MS);
    const summary = await runtime.store.usage.summary({
      workspaceId: principal.workspaceId,
      userId: principal.userId,
      from,
      to,
    });
    return context.json(
      {
        days,
        from: from.toISOString(),
        to: to.toISOString(),
        total: summary.total,
        failures: summary.failures,
        skills: summary.skills.map((row) => ({
          skill: row.skillName,
          uses: row.uses,
          failures: row.failures,
          lastUsedAt: row.lastUsedAt.toISOString(),
        })),
        principals: summary.principals,
        unused: summary.unused,
        daily: summary.daily,
        failed: summary.failed.map((row) => ({
          skill: row.skillName,
          outcome: row.outcome,
          principal: row.principal,
          count: row.count,
          lastAt: row.lastAt.toISOString(),
        })),
      },
      200,
    );
  });
}
