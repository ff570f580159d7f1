import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { skillNotFound } from './find-skill.ts';
import { loadWritableSkill } from './load-writable-skill.ts';
import { presentSkillSummary } from './present-skill.ts';
import { findShadowing } from './shadowing-of.ts';
import { formatSkillEtag } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import {
  skillNameParamsSchema,
  skillScopeQuerySchema,
  skillScopeSchema,
  skillSummarySchema,
} from './skill-schemas.ts';

function switchRoute(action: 'enable' | 'disable') {
  return createRoute({
    method: 'post',
    path: `/api/skills/{name}/${action}`,
    tags: ['skills'],
    summary: action === 'enable' ? 'Switch a skill on' : 'Switch a skill off (kept, not offered)',
    request: { params: skillNameParamsSchema, query: skillScopeQuerySchema },
    responses: {
      200: {
        description: 'The skill with its new switch',
        content: { 'application/json': { schema: skillSummarySchema } },
      },
      403: jsonErrorResponse('Not allowed to switch this skill'),
      404: jsonErrorResponse('No such skill visible to you'),
    },
  });
}

const deleteSkillRoute = createRoute({
  method: 'delete',
  path: '/api/skills/{name}',
  tags: ['skills'],
  summary: 'Delete a skill with all its versions (refused while agents reference it unless forced)',
  request: {
    params: skillNameParamsSchema,
    query: skillScopeQuerySchema.extend({
      force: z
        .enum(['true', 'false'])
        .optional()
        .openapi({ description: 'Delete even while agents reference the skill.' }),
    }),
  },
  responses: {
    200: {
      description: 'Deleted',
      content: {
        'application/json': {
          schema: z.object({
            deleted: z.object({ name: z.string(), scope: skillScopeSchema, version: z.number() }),
          }),
        },
      },
    },
    403: jsonErrorResponse('Not allowed to delete this skill'),
    404: jsonErrorResponse('No such skill visible to you'),
    409: jsonErrorResponse('Agents reference the skill (listed in issues)'),
  },
});

/** Registers `POST /api/skills/{name}/enable|disable` and `DELETE /api/skills/{name}`. */
export function registerSkillLifecycleRoutes(app: ApiApp, dependencies: SkillRouteDependencies) {
  const { store } = dependencies;
  for (const action of ['enable', 'disable'] as const) {
    app.openapi(switchRoute(action), async (context) => {
      const { name } = context.req.valid('param');
      const { scope } = context.req.valid('query');
      const { caller, skill: found } = await loadWritableSkill({
        runtime: dependencies.runtime,
        principal: context.get('principal'),
        name,
        scope,
        action: 'switch',
      });
      const skill = await store.skills.setEnabled({
        ...caller.access,
        id: found.id,
        enabled: action === 'enable',
        actor: caller.actor,
      });
      if (skill === undefined) throw skillNotFound(name, scope);
      const { shadowedBy } = await findShadowing(store, caller, skill);
      return context.json(presentSkillSummary(skill, dependencies, shadowedBy), 200, {
        ETag: formatSkillEtag(skill.currentVersion),
      });
    });
  }

  app.openapi(deleteSkillRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope, force } = context.req.valid('query');
    const { caller, skill: found } = await loadWritableSkill({
      runtime: dependencies.runtime,
      principal: context.get('principal'),
      name,
      scope,
      action: 'delete',
    });
    const result = await store.skills.delete({
      ...caller.access,
      id: found.id,
      force: force === 'true',
      actor: caller.actor,
    });
    if (result.ok) {
      const { skill } = result;
      return context.json(
        { deleted: { name: skill.name, scope: skill.scope, version: skill.currentVersion } },
        200,
      );
    }
    if (result.reason === 'not_found') throw skillNotFound(name, scope);
    const agents = result.agents;
    const visible = agents.filter((agent) => agent.workspaceId === caller.principal.workspaceId);
    const others = agents.length - visible.length;
    const listed = visible.map((agent) => JSON.stringify(agent.name));
    if (others > 0) listed.push(`${others} agent(s) in other workspaces`);
    throw new SkillsetError<ServerErrorCode>({
      code: 'skill_referenced',
      message: `Skill ${JSON.stringify(found.name)} is referenced by ${listed.join(', ')}; remove it from their skills or delete with ?force=true.`,
      details: {
        issues: visible.map((agent) => ({
          code: 'skill_referenced',
          severity: 'error',
          message: `Agent ${JSON.stringify(agent.name)} lists this skill in its settings.skills.`,
          agentId: agent.id,
          agentName: agent.name,
        })),
      },
    });
  });
}
