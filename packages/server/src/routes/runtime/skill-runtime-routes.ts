import { createRoute, z } from '@hono/zod-openapi';
import { withSkillSpan } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import { requireRole } from '../../auth/require-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { invokeForApi } from '../../runtime/invoke-for-api.ts';
import { renderPrompt } from '../../runtime/render-prompt.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { listAllowedEntries } from '../../runtime/workspace-gate.ts';
import {
  commandSchema,
  commandsQuerySchema,
  invokeBodySchema,
  invokeResponseSchema,
  promptQuerySchema,
  promptResponseSchema,
  workspaceQuery,
} from './runtime-schemas.ts';

const listCommands = createRoute({
  method: 'get',
  path: '/api/skills/commands',
  tags: ['runtime'],
  summary: 'User-invocable skills the principal may invoke with /name (for autocomplete)',
  request: { query: commandsQuerySchema },
  responses: {
    200: {
      description: 'The commands, sorted by name',
      content: { 'application/json': { schema: z.object({ commands: z.array(commandSchema) }) } },
    },
    ...errorResponses(400, 403, 404),
  },
});

const getPrompt = createRoute({
  method: 'get',
  path: '/api/skills/prompt',
  tags: ['runtime'],
  summary:
    'The skills catalog for an agent’s system prompt (Accept: text/plain for the text alone)',
  request: { query: promptQuerySchema },
  responses: {
    200: {
      description: 'The catalog',
      content: {
        'application/json': { schema: promptResponseSchema },
        'text/plain': { schema: z.string() },
      },
    },
    ...errorResponses(400, 403, 404),
  },
});

const invoke = createRoute({
  method: 'post',
  path: '/api/skills/invoke',
  tags: ['runtime'],
  summary: 'Activate the leading /name invocations of a user message',
  request: {
    body: { content: { 'application/json': { schema: invokeBodySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'The activations, the text left for the model and unknown names',
      content: { 'application/json': { schema: invokeResponseSchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

const reload = createRoute({
  method: 'post',
  path: '/api/skills/reload',
  tags: ['runtime'],
  summary:
    'Drop the cached registries and policies of the workspace and reload them (admin or agent)',
  request: { query: z.strictObject({ workspace: workspaceQuery }) },
  responses: {
    200: {
      description: 'Reloaded',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
    ...errorResponses(400, 403, 404),
  },
});

/** Registers what agents call at runtime: commands, prompt, invoke and reload. */
export function registerSkillRuntimeRoutes(app: ApiApp, runtime: SkillRuntime) {
  app.openapi(listCommands, async (context) => {
    const { agent } = context.req.valid('query');
    const scope = await runtime.open(context.var.principal, agent);
    const commands = await scope.skills.derived(`${scope.policy.key}|commands`, async () =>
      (await listAllowedEntries(scope.skills, scope.policy, 'api_commands')).map((entry) => ({
        name: entry.name,
        description: entry.description,
        ...(entry.manifest?.argumentHint === undefined
          ? {}
          : { argumentHint: entry.manifest.argumentHint }),
        arguments: entry.manifest?.arguments ?? [],
      })),
    );
    return context.json({ commands }, 200);
  });

  app.openapi(getPrompt, async (context) => {
    const { agent, query, budget, format, mode } = context.req.valid('query');
    const scope = await runtime.open(context.var.principal, agent);
    const result = await withSkillSpan(
      {
        name: 'skillset.catalog',
        attributes: { surface: 'catalog', principal: scope.policy.principal.kind },
        outcomeOf: (rendered) => ({
          outcome: 'ok',
          attributes: { count: rendered.listed.length, omitted: rendered.catalog.omitted },
        }),
      },
      () =>
        renderPrompt({
          ...scope,
          ...(query === undefined ? {} : { query }),
          ...(budget === undefined ? {} : { budget }),
          ...(format === undefined ? {} : { format }),
          ...(mode === undefined ? {} : { mode }),
        }),
    );
    runtime.logger.debug(
      {
        event: 'skill.catalog',
        skills: result.listed.length,
        omitted: result.catalog.omitted,
        principal: `${scope.policy.principal.kind}:${scope.policy.principal.id}`,
        surface: 'catalog',
        outcome: 'ok',
      },
      'skill catalog rendered',
    );
    const accept = context.req.header('accept') ?? '';
    if (accept.includes('text/plain') && !accept.includes('application/json')) {
      return context.text(result.catalog.text, 200);
    }
    return context.body(result.json as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/json',
    }) as never;
  });

  app.openapi(invoke, async (context) => {
    const { agent, message, sessionId } = context.req.valid('json');
    const scope = await runtime.open(context.var.principal, agent);
    const result = await invokeForApi({
      ...scope,
      message,
      ...(sessionId === undefined ? {} : { sessionId, session: runtime.session(scope, sessionId) }),
      onUse: (use) =>
        runtime.usage.record({
          ...use,
          workspaceId: scope.policy.workspaceId,
          principal: scope.policy.principal,
          event: 'injection',
        }),
    });
    return context.json(result, 200);
  });

  app.openapi(reload, async (context) => {
    const { principal } = context.var;
    if (principal.kind === 'user')
      requireRole(principal, ABILITY_ROLES.reloadSkills, 'reload skills');
    await runtime.reload(principal.workspaceId);
    return context.json({ ok: true as const }, 200);
  });
}
