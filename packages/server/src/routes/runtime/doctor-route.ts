import { createRoute, z } from '@hono/zod-openapi';
import { SKILL_SCOPES, type SkillEntry } from '@skillset/core';
import {
  DEFAULT_CHARACTER_BUDGETS,
  DOCTOR_FINDING_CODES,
  type DoctorReport,
  diagnoseSkills,
} from '@skillset/core/authoring';
import type { ApiApp } from '../../app/api-app.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { workspaceGate } from '../../runtime/workspace-gate.ts';
import { agentQuery, workspaceQuery } from './runtime-schemas.ts';

const characterBudgets = z
  .string()
  .regex(/^\d{1,7}(,\d{1,7})*$/, 'Give positive integers separated by commas, e.g. 8000,16000.')
  .transform((text) => text.split(',').map(Number))
  .refine((budgets) => budgets.length <= 8 && budgets.every((budget) => budget >= 1), {
    message: 'Give at most 8 budgets, each at least 1.',
  });

const doctorQuerySchema = z.strictObject({
  agent: agentQuery,
  workspace: workspaceQuery,
  budget: z.coerce.number().int().min(1).max(1_000_000).optional().openapi({
    description: "Skillset's catalog budget in tokens; default 2,000.",
  }),
  budgetChars: characterBudgets.optional().openapi({
    description:
      "Other agents' listing budgets in characters, comma-separated; default 8000,16000.",
    example: '8000,16000',
  }),
});

const findingSchema = z
  .object({
    code: z.enum(DOCTOR_FINDING_CODES),
    severity: z.enum(['error', 'warning', 'info']),
    category: z.enum(['budget', 'collision', 'trigger', 'content', 'format']),
    skill: z.string().optional(),
    file: z.string().optional(),
    line: z.number().int().optional(),
    message: z.string(),
    fix: z.string(),
    related: z.array(z.string()).optional(),
  })
  .openapi('DoctorFinding');

const doctorReportSchema = z
  .object({
    skills: z.array(
      z.object({
        name: z.string(),
        scope: z.enum(SKILL_SCOPES),
        path: z.string(),
        valid: z.boolean(),
        findings: z.array(findingSchema),
      }),
    ),
    set: z.array(findingSchema),
    budgets: z.array(
      z.object({
        unit: z.enum(['tokens', 'characters']),
        limit: z.number().int(),
        needed: z.number().int(),
        used: z.number().int(),
        withoutDescription: z.array(z.string()),
        omitted: z.array(z.string()),
      }),
    ),
    summary: z.object({
      skills: z.number().int(),
      errors: z.number().int(),
      warnings: z.number().int(),
      info: z.number().int(),
      codes: z.record(z.string(), z.number().int()),
    }),
  })
  .openapi('DoctorReport');

const doctorRoute = createRoute({
  method: 'get',
  path: '/api/skills/doctor',
  tags: ['runtime'],
  summary:
    'Skill health: catalog budgets, colliding descriptions, shadowing, trigger quality and content risks',
  description:
    'Diagnoses the skills the principal may read (with `agent`: the skills the agent may list in its catalog), like `skillset doctor`.',
  request: { query: doctorQuerySchema },
  responses: {
    200: {
      description: 'The report: findings per skill and for the whole set, budgets and counts',
      content: { 'application/json': { schema: doctorReportSchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

/** Registers `GET /api/skills/doctor`: the doctor's report on a workspace's or an agent's skills. */
export function registerDoctorRoute(app: ApiApp, runtime: SkillRuntime) {
  app.openapi(doctorRoute, async (context) => {
    const { agent, budget, budgetChars } = context.req.valid('query');
    const scope = await runtime.open(context.var.principal, agent);
    const entryPoint = scope.policy.context.agent === undefined ? 'read_skill_file' : 'catalog';
    const budgets = budgetChars ?? DEFAULT_CHARACTER_BUDGETS;
    const report = await scope.skills.derived(
      `${scope.policy.key}|doctor|${entryPoint}|${budget ?? ''}|${budgets.join(',')}`,
      async (): Promise<DoctorReport> => {
        // The doctor explains why skills are blocked, so it reports flagged and unsigned skills too.
        const policy = {
          ...scope.policy,
          key: `${scope.policy.key}|risks-allowed|unsigned-allowed`,
          context: {
            ...scope.policy.context,
            contentRisks: 'allow' as const,
            requireSigned: false,
          },
        };
        const gate = workspaceGate(scope.skills, policy);
        const entries = await gate.list(entryPoint, { includeInvalid: true });
        const { trust } = scope.policy;
        // An agent sees no quote of a text it may not read with nobody asked (decision 0140).
        const withheld =
          scope.policy.context.principal.kind === 'agent'
            ? async (entry: SkillEntry) => {
                const read = await gate.decide(entry, 'api_read');
                return !read.allowed || read.requiresApproval;
              }
            : undefined;
        return diagnoseSkills({
          registry: scope.skills.registry,
          entries,
          ...(budget === undefined ? {} : { tokenBudget: budget }),
          characterBudgets: budgets,
          ...(withheld === undefined ? {} : { withheld }),
          ...(scope.policy.context.requireSigned === true
            ? { signatureOf: (entry: SkillEntry) => scope.skills.signatureOf(entry, trust) }
            : {}),
        });
      },
    );
    return context.json(report, 200);
  });
}
