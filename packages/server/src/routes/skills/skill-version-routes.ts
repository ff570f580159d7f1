import { createRoute, z } from '@hono/zod-openapi';
import { isTextMimeType, SkillsetError } from '@skillset/core';
import type { SkillFileContent, StoredSkill } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import { apiErrorBodySchema } from '../../http/api-error-body.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { createUnifiedDiff } from './create-unified-diff.ts';
import { findSkill } from './find-skill.ts';
import { loadWritableSkill } from './load-writable-skill.ts';
import { presentSkillDetail } from './present-skill.ts';
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

const errorContent = { 'application/json': { schema: apiErrorBodySchema } };
const versionNumber = z.coerce.number().int().min(1).max(1_000_000_000);
const notFound = { description: 'No such skill or version visible to you', content: errorContent };

const versionSummarySchema = z.object({
  version: z.number().int(),
  hash: z.string(),
  description: z.string(),
  message: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
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
    404: notFound,
  },
});

const fileDiffSchema = z.object({
  path: z.string(),
  status: z.enum(['added', 'removed', 'modified']),
  binary: z.boolean(),
  diff: z.string(),
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
    403: { description: 'Not allowed to change this skill', content: errorContent },
    404: notFound,
    409: { description: 'Stale If-Match', content: errorContent },
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

const decoder = new TextDecoder('utf-8', { fatal: true });

function decodeText(file: SkillFileContent | undefined): string | undefined {
  if (file === undefined) return '';
  if (!isTextMimeType(file.mime) && file.path !== 'SKILL.md') return undefined;
  try {
    return decoder.decode(file.content);
  } catch {
    return undefined;
  }
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
        items: versions.map(({ number, createdAt, ...rest }) => ({
          version: number,
          ...rest,
          createdAt: createdAt.toISOString(),
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
    const paths = [...new Set([...before.keys(), ...after.keys()])].sort((left, right) =>
      left === 'SKILL.md'
        ? -1
        : right === 'SKILL.md'
          ? 1
          : left < right
            ? -1
            : left > right
              ? 1
              : 0,
    );
    const files: Array<z.infer<typeof fileDiffSchema>> = [];
    for (const path of paths) {
      const oldFile = before.get(path);
      const newFile = after.get(path);
      if (oldFile?.hash === newFile?.hash) continue;
      const status =
        oldFile === undefined ? 'added' : newFile === undefined ? 'removed' : 'modified';
      const oldText = decodeText(oldFile);
      const newText = decodeText(newFile);
      const oldPath = oldFile === undefined ? '/dev/null' : `a/${path}`;
      const newPath = newFile === undefined ? '/dev/null' : `b/${path}`;
      const binary = oldText === undefined || newText === undefined;
      const diff = binary
        ? `Binary files ${oldPath} and ${newPath} differ\n`
        : createUnifiedDiff({ oldPath, newPath, oldText, newText });
      files.push({ path, status, binary, diff });
    }
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
    const result = await store.skills.restore({
      ...caller.access,
      id: skill.id,
      version,
      ...(expected === undefined ? {} : { expectedVersion: expected }),
      actor: caller.actor,
    });
    const restored = unwrapVersionWrite(skill, result, expected ?? skill.currentVersion);
    const detail = await presentSkillDetail(dependencies, caller, restored);
    return context.json(detail, 200, { ETag: formatSkillEtag(restored.currentVersion) });
  });
}
