import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { SkillFileContent, StoredSkill } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { diffVersionFiles, fileDiffSchema } from './diff-version-files.ts';
import { approvalRequiredResponse, findSkill } from './find-skill.ts';
import { loadWritableSkill } from './load-writable-skill.ts';
import { presentSkillDetail } from './present-skill.ts';
import { answerProposal, proposalResponse } from './proposal-schema.ts';
import { reviewWriteMode } from './review-write-mode.ts';
import { resolveSkillCaller, type SkillCaller } from './skill-caller.ts';
import { formatSkillEtag, readIfMatch } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import {
  skillDetailSchema,
  skillFileSchema,
  skillNameParamsSchema,
  skillScopeQuerySchema,
} from './skill-schemas.ts';
import { unwrapVersionWrite } from './write-skill-version.ts';

const versionNumber = z.coerce.number().int().min(1).max(1_000_000_000);
const notFound = jsonErrorResponse('No such skill or version visible to you');

const versionSummarySchema = z.object({
  version: z.number().int(),
  hash: z.string(),
  description: z.string(),
  message: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  reviewState: z.enum(['proposed', 'published', 'rejected']).nullable().openapi({
    description:
      '`proposed`: waits for review; `published`: published after review; `rejected`; null: published when written',
  }),
  reviewNote: z.string().nullable(),
});

const listVersionsRoute = createRoute({
  method: 'get',
  path: '/api/skills/{name}/versions',
  tags: ['skills'],
  summary: 'The versions of a skill, newest first',
  request: { params: skillNameParamsSchema, query: skillScopeQuerySchema },
  responses: {
    200: {
      description: 'Versions',
      content: {
        'application/json': {
          schema: z.object({ current: z.number().int(), items: z.array(versionSummarySchema) }),
        },
      },
    },
    403: approvalRequiredResponse,
    404: notFound,
  },
});

const getVersionRoute = createRoute({
  method: 'get',
  path: '/api/skills/{name}/versions/{version}',
  tags: ['skills'],
  summary: 'One version of a skill: its SKILL.md, manifest and files',
  request: {
    params: skillNameParamsSchema.extend({ version: versionNumber }),
    query: skillScopeQuerySchema,
  },
  responses: {
    200: {
      description: 'The version',
      content: {
        'application/json': {
          schema: versionSummarySchema.extend({
            content: z.string(),
            manifest: z.record(z.string(), z.unknown()),
            files: z.array(skillFileSchema),
          }),
        },
      },
    },
    403: approvalRequiredResponse,
    404: notFound,
  },
});

const diffRoute = createRoute({
  method: 'get',
  path: '/api/skills/{name}/diff',
  tags: ['skills'],
  summary: 'A unified diff of SKILL.md and every changed file between two versions',
  request: {
    params: skillNameParamsSchema,
    query: skillScopeQuerySchema.extend({
      from: versionNumber.optional().openapi({ description: 'Default: the version before `to`.' }),
      to: versionNumber.optional().openapi({ description: 'Default: the current version.' }),
    }),
  },
  responses: {
    200: {
      description: 'The changes, one entry per changed file, and the whole patch',
      content: {
        'application/json': {
          schema: z.object({
            from: z.number().int(),
            to: z.number().int(),
            files: z.array(fileDiffSchema),
            patch: z.string(),
          }),
        },
      },
    },
    403: approvalRequiredResponse,
    404: notFound,
  },
});

const restoreRoute = createRoute({
  method: 'post',
  path: '/api/skills/{name}/versions/{version}/restore',
  tags: ['skills'],
  summary: 'Restore an old version as a new one (If-Match optional)',
  request: {
    params: skillNameParamsSchema.extend({ version: versionNumber }),
    query: skillScopeQuerySchema,
  },
  responses: {
    200: {
      description: 'The new version',
      headers: { ETag: { schema: { type: 'string' } } },
      content: { 'application/json': { schema: skillDetailSchema } },
    },
    202: proposalResponse,
    403: jsonErrorResponse('Not allowed to change this skill'),
    404: notFound,
    409: jsonErrorResponse('Stale If-Match'),
  },
});

function versionNotFound(skill: StoredSkill, version: number): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'version_not_found',
    message: `Skill ${JSON.stringify(skill.name)} has no version ${version} (current: ${skill.currentVersion}); list them with GET /api/skills/${encodeURIComponent(skill.name)}/versions.`,
  });
}

async function readVersionFiles(
  dependencies: SkillRouteDependencies,
  caller: SkillCaller,
  skill: StoredSkill,
  version: number,
): Promise<Map<string, SkillFileContent>> {
  if (version > skill.currentVersion) throw versionNotFound(skill, version);
  const files = await dependencies.store.skills.readFiles({
    ...caller.access,
    id: skill.id,
    version,
  });
  if (files === undefined || files.length === 0) throw versionNotFound(skill, version);
  return new Map(files.map((file) => [file.path, file]));
}

/** Registers the version routes: list, get, diff and restore. */
export function registerSkillVersionRoutes(app: ApiApp, dependencies: SkillRouteDependencies) {
  const { store } = dependencies;

  app.openapi(listVersionsRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope } = context.req.valid('query');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const skill = await findSkill({ store, caller, name, scope });
    const versions = (await store.skills.listVersions({ ...caller.access, id: skill.id })) ?? [];
    return context.json(
      {
        current: skill.currentVersion,
        items: versions.map((each) => ({
          version: each.number,
          hash: each.hash,
          description: each.description,
          message: each.message,
          createdBy: each.createdBy,
          createdAt: each.createdAt.toISOString(),
          reviewState: each.reviewState,
          reviewNote: each.reviewNote,
        })),
      },
      200,
    );
  });

  app.openapi(getVersionRoute, async (context) => {
    const { name, version } = context.req.valid('param');
    const { scope } = context.req.valid('query');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const skill = await findSkill({ store, caller, name, scope });
    const found = await store.skills.getVersion({ ...caller.access, id: skill.id, version });
    if (found === undefined) throw versionNotFound(skill, version);
    return context.json(
      {
        version: found.number,
        hash: found.hash,
        description: found.description,
        message: found.message,
        createdBy: found.createdBy,
        createdAt: found.createdAt.toISOString(),
        reviewState: found.reviewState,
        reviewNote: found.reviewNote,
        content: found.skillMd,
        manifest: found.manifest as unknown as Record<string, unknown>,
        files: found.files
          .filter((file) => file.path !== 'SKILL.md')
          .map(({ path, size, mime, hash }) => ({ path, size, mime, hash })),
      },
      200,
    );
  });

  app.openapi(diffRoute, async (context) => {
    const { name } = context.req.valid('param');
    const query = context.req.valid('query');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const skill = await findSkill({
      store,
      caller,
      name,
      scope: query.scope,
    });
    const to = query.to ?? skill.currentVersion;
    const from = query.from ?? Math.max(1, to - 1);
    const [before, after] = await Promise.all([
      readVersionFiles(dependencies, caller, skill, from),
      readVersionFiles(dependencies, caller, skill, to),
    ]);
    const files = diffVersionFiles(before, after);
    return context.json({ from, to, files, patch: files.map((file) => file.diff).join('') }, 200);
  });

  app.openapi(restoreRoute, async (context) => {
    const { name, version } = context.req.valid('param');
    const { scope } = context.req.valid('query');
    const { caller, skill } = await loadWritableSkill({
      runtime: dependencies.runtime,
      principal: context.get('principal'),
      name,
      scope,
      action: 'edit',
    });
    const expected = readIfMatch(context.req.header('if-match'), { required: false });
    const { propose } = await reviewWriteMode(store, caller, skill.scope, 'content');
    const result = await store.skills.restore({
      ...caller.access,
      id: skill.id,
      version,
      ...(expected === undefined ? {} : { expectedVersion: expected }),
      actor: caller.actor,
      propose,
    });
    const written = unwrapVersionWrite(skill, result, expected ?? skill.currentVersion);
    if (written.proposed) {
      return answerProposal(context, dependencies, caller, written.skill, written);
    }
    const detail = await presentSkillDetail(dependencies, caller, written.skill);
    return context.json(detail, 200, { ETag: formatSkillEtag(written.skill.currentVersion) });
  });
}
