import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import {
  evaluateTriggersOffline,
  MAXIMUM_TRIGGER_EVAL_CASES,
  MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH,
  parseTriggerEvalSet,
  TRIGGER_EVAL_SET_PATH,
  type TriggerEvalCase,
} from '@skillset/core/authoring';
import type { SkillAccess, StoredSkill, StoredTriggerEval } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { ChatService } from '../../chat/create-chat-service.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { catalogIndex } from '../../runtime/render-prompt.ts';
import { findSkill } from './find-skill.ts';
import { loadWritableSkill } from './load-writable-skill.ts';
import { resolveSkillCaller } from './skill-caller.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import { skillNameParamsSchema, skillScopeQuerySchema } from './skill-schemas.ts';

/** The most model conversations one eval may start (cases × runs). */
export const MAXIMUM_MODEL_EVAL_RUNS = 300;

const evalCaseSchema = z.strictObject({
  query: z.string().trim().min(1).max(MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH),
  should_trigger: z.boolean(),
});

const evalRequestSchema = z
  .strictObject({
    evalSet: z
      .array(evalCaseSchema)
      .min(1)
      .max(MAXIMUM_TRIGGER_EVAL_CASES)
      .optional()
      .openapi({
        description: `The cases, in skill-creator's format; default: the skill's ${TRIGGER_EVAL_SET_PATH}.`,
      }),
    withModel: z.boolean().optional().openapi({
      description: "Ask the server's chat model (SKILLSET_MODEL) instead of the offline ranker.",
    }),
    runs: z
      .int()
      .min(1)
      .max(10)
      .optional()
      .openapi({ description: 'Runs per query with the model; default 3.' }),
    top: z.int().min(1).max(50).optional().openapi({
      description:
        'Offline: a query triggers when the skill is among this many first matches; default 3.',
    }),
  })
  .openapi('SkillEvalRequest');

const caseResultSchema = z.object({
  query: z.string(),
  shouldTrigger: z.boolean(),
  runs: z.int(),
  triggers: z.int(),
  triggerRate: z.number(),
  triggered: z.boolean(),
  passed: z.boolean(),
  rank: z.int().nullable().optional(),
  scoreShare: z.number().optional(),
  chose: z.array(z.string()).optional(),
});

const triggerEvalSchema = z
  .object({
    version: z.int().openapi({ description: 'The skill version the eval ran against.' }),
    createdAt: z.string(),
    report: z.object({
      skill: z.string(),
      mode: z.enum(['offline', 'model']),
      model: z.string().optional(),
      top: z.int().optional(),
      skillCount: z.int(),
      runs: z.int(),
      cases: z.array(caseResultSchema),
      precision: z.number().nullable(),
      recall: z.number().nullable(),
      passAtK: z.number(),
      passAllK: z.number(),
      passed: z.int(),
      failed: z.int(),
    }),
  })
  .openapi('SkillTriggerEval');

const runEvalRoute = createRoute({
  method: 'post',
  path: '/api/skills/{name}/eval',
  tags: ['skills'],
  summary:
    "Run the skill's trigger eval in your workspace's catalog (offline, or with the chat model) and keep it as the last result",
  request: {
    params: skillNameParamsSchema,
    query: skillScopeQuerySchema,
    body: { content: { 'application/json': { schema: evalRequestSchema } }, required: false },
  },
  responses: {
    200: {
      description: 'The eval, now the skill’s last result in this workspace',
      content: { 'application/json': { schema: triggerEvalSchema } },
    },
    ...errorResponses(400, 403, 404, 409, 502, 503),
  },
});

const lastEvalRoute = createRoute({
  method: 'get',
  path: '/api/skills/{name}/eval',
  tags: ['skills'],
  summary: "The skill's last trigger eval in your workspace",
  request: { params: skillNameParamsSchema, query: skillScopeQuerySchema },
  responses: {
    200: {
      description: 'The last eval, or null when none ran',
      content: {
        'application/json': { schema: z.object({ lastEval: triggerEvalSchema.nullable() }) },
      },
    },
    ...errorResponses(404),
  },
});

function present(stored: StoredTriggerEval) {
  return {
    version: stored.version,
    createdAt: stored.createdAt.toISOString(),
    report: stored.report,
  };
}

async function readStoredEvalSet(
  dependencies: SkillRouteDependencies,
  access: SkillAccess,
  skill: StoredSkill,
): Promise<TriggerEvalCase[]> {
  const file = await dependencies.store.skills.getFile({
    ...access,
    id: skill.id,
    path: TRIGGER_EVAL_SET_PATH,
  });
  if (file === undefined) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'eval_set_missing',
      message: `Skill ${JSON.stringify(skill.name)} has no ${TRIGGER_EVAL_SET_PATH}; add one to the skill (a JSON array of {"query", "should_trigger"}) or send the cases as evalSet.`,
    });
  }
  const parsed = parseTriggerEvalSet(
    new TextDecoder().decode(file.content),
    `${skill.name}/${TRIGGER_EVAL_SET_PATH}`,
  );
  if (!parsed.ok)
    throw new SkillsetError<ServerErrorCode>({ code: 'invalid_eval_set', message: parsed.message });
  return parsed.cases;
}

/** Registers `POST` and `GET /api/skills/{name}/eval`. */
export function registerSkillEvalRoutes(
  app: ApiApp,
  dependencies: SkillRouteDependencies,
  chat: ChatService,
) {
  const { runtime, store } = dependencies;

  app.openapi(runEvalRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope } = context.req.valid('query');
    const body = context.req.valid('json') ?? {};
    const principal = context.get('principal');
    // The result is shown to everyone who sees the skill, and a model run spends the workspace's tokens.
    const { caller, skill } = await loadWritableSkill({
      runtime,
      principal,
      name,
      scope,
      action: 'edit',
    });
    const cases =
      body.evalSet?.map((each) => ({ query: each.query, shouldTrigger: each.should_trigger })) ??
      (await readStoredEvalSet(dependencies, caller.access, skill));
    const runtimeScope = await runtime.open(principal);
    const index = await catalogIndex(runtimeScope.skills, runtimeScope.policy);
    if (!index.skills.some((each) => each.name.toLowerCase() === skill.name.toLowerCase())) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'skill_not_in_catalog',
        message: `Skill ${JSON.stringify(skill.name)} is not in your catalog (it is switched off, shadowed or denied by a rule), so a model could not choose it; fix that before evaluating it.`,
      });
    }
    let report: Awaited<ReturnType<ChatService['evaluateTriggers']>>;
    if (body.withModel === true) {
      const runs = body.runs ?? 3;
      if (cases.length * runs > MAXIMUM_MODEL_EVAL_RUNS) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'invalid_request',
          message: `${cases.length} cases × ${runs} runs is ${cases.length * runs} model conversations; the server runs at most ${MAXIMUM_MODEL_EVAL_RUNS} per eval. Send fewer cases or runs, or run skillset eval --model locally.`,
        });
      }
      report = await chat.evaluateTriggers(principal, { skill: skill.name, cases, runs });
    } else {
      report = evaluateTriggersOffline({
        index,
        skill: skill.name,
        cases,
        ...(body.top === undefined ? {} : { top: body.top }),
      });
    }
    const saved = await store.triggerEvals.save({
      workspaceId: principal.workspaceId,
      skillId: skill.id,
      version: skill.currentVersion,
      report,
      createdBy: `${caller.actor.kind}:${caller.actor.id}`,
    });
    return context.json(present(saved), 200);
  });

  app.openapi(lastEvalRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope } = context.req.valid('query');
    const principal = context.get('principal');
    const caller = await resolveSkillCaller(runtime, principal);
    const skill = await findSkill({ store, caller, name, scope });
    const stored = await store.triggerEvals.get(principal.workspaceId, skill.id);
    return context.json({ lastEval: stored === undefined ? null : present(stored) }, 200);
  });
}
