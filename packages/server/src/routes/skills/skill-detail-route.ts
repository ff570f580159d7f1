import { createRoute } from '@hono/zod-openapi';
import type { ApiApp } from '../../app/api-app.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import { approvalRequiredResponse, findSkill } from './find-skill.ts';
import { presentSkillDetail } from './present-skill.ts';
import { resolveSkillCaller } from './skill-caller.ts';
import { formatSkillEtag } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import {
  skillDetailSchema,
  skillNameParamsSchema,
  skillScopeQuerySchema,
} from './skill-schemas.ts';

/** `GET /api/skills/<x>` paths that belong to the runtime routes, not to a skill named `<x>`. */
export const RUNTIME_SKILL_PATHS: ReadonlySet<string> = new Set(['commands', 'prompt', 'doctor']);

const skillDetailRoute = createRoute({
  method: 'get',
  path: '/api/skills/{name}',
  tags: ['skills'],
  summary: 'A skill: manifest, body, files, eligibility, shadowing, referencing agents, warnings',
  request: { params: skillNameParamsSchema, query: skillScopeQuerySchema },
  responses: {
    200: {
      description: 'The skill; the ETag is its version (send it back as If-Match)',
      headers: { ETag: { schema: { type: 'string' } } },
      content: { 'application/json': { schema: skillDetailSchema } },
    },
    403: approvalRequiredResponse,
    404: jsonErrorResponse('No such skill visible to you'),
  },
});

/** Registers `GET /api/skills/{name}`. */
export function registerSkillDetailRoute(app: ApiApp, dependencies: SkillRouteDependencies) {
  app.openapi(skillDetailRoute, async (context, next) => {
    const { name } = context.req.valid('param');
    // The runtime routes answer these; skills of those names are reachable with ?scope=.
    if (RUNTIME_SKILL_PATHS.has(name) && context.req.query('scope') === undefined) {
      await next();
      // The response was made by the next matching route; its shape is not this route's.
      return context.res as never;
    }
    const { scope } = context.req.valid('query');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const skill = await findSkill({
      store: dependencies.store,
      caller,
      name,
      scope,
    });
    const detail = await presentSkillDetail(dependencies, caller, skill);
    return context.json(detail, 200, { ETag: formatSkillEtag(skill.currentVersion) });
  });
}
