import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import { checkSkillPathLimits, describeSkillPath } from '@skillset/core/authoring';
import type { ApiApp } from '../../app/api-app.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { writePackageOffThread } from '../../package-worker/package-pool.ts';
import { contentDisposition } from './content-disposition.ts';
import { approvalRequiredResponse, findSkill, skillNotFound } from './find-skill.ts';
import { resolveSkillCaller } from './skill-caller.ts';
import { formatSkillEtag } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import { skillNameParamsSchema, skillScopeQuerySchema } from './skill-schemas.ts';

const FILE_PATH_PATTERN = '/api/skills/:name/files/:path{.+}';

const fileQuerySchema = skillScopeQuerySchema.extend({
  version: z.coerce.number().int().min(1).optional().openapi({ description: 'Default: current.' }),
});

const getFileRoute = createRoute({
  method: 'get',
  path: '/api/skills/{name}/files/{path}',
  tags: ['skills'],
  summary: 'One file of a skill, with its stored Content-Type (path relative to the skill folder)',
  request: {
    params: skillNameParamsSchema.extend({
      path: z.string().openapi({ description: 'May contain "/", e.g. scripts/run.py.' }),
    }),
    query: fileQuerySchema,
  },
  responses: {
    200: {
      description: 'The bytes',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    400: jsonErrorResponse('The path is longer or deeper than a skill file path may be'),
    403: approvalRequiredResponse,
    404: jsonErrorResponse('No such skill or file'),
  },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/api/skills/{name}/download',
  tags: ['skills'],
  summary: 'Download a skill as a ZIP (its folder with SKILL.md and every file)',
  request: { params: skillNameParamsSchema, query: fileQuerySchema },
  responses: {
    200: {
      description: 'The ZIP',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
    403: approvalRequiredResponse,
    404: jsonErrorResponse('No such skill or version'),
  },
});

/** Registers `GET /api/skills/{name}/files/{path}` and `GET /api/skills/{name}/download`. */
export function registerSkillFileRoutes(app: ApiApp, dependencies: SkillRouteDependencies) {
  const { store } = dependencies;

  app.openAPIRegistry.registerPath(getFileRoute);
  // The path parameter spans several segments, which the OpenAPI router cannot express.
  app.get(FILE_PATH_PATTERN, async (context) => {
    const parsed = fileQuerySchema.safeParse(context.req.query());
    if (!parsed.success) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_request',
        message: `Invalid request query: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      });
    }
    const name = context.req.param('name');
    const path = context.req.param('path');
    // Over the length or depth limits: 400 before any lookup (other bad paths are simply absent).
    const problem = checkSkillPathLimits(path.split('/').filter((segment) => segment !== ''));
    if (problem !== undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_skill_file_path',
        message: `Invalid skill file path ${describeSkillPath(path)}: ${problem.reason}.`,
      });
    }
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const skill = await findSkill({
      store,
      caller,
      name,
      scope: parsed.data.scope,
    });
    const file = await store.skills.getFile({
      ...caller.access,
      id: skill.id,
      path,
      version: parsed.data.version ?? skill.currentVersion,
    });
    if (file === undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'file_not_found',
        message: `Skill ${JSON.stringify(skill.name)} has no file ${JSON.stringify(path)}; its files are listed in GET /api/skills/${encodeURIComponent(skill.name)}.`,
      });
    }
    const fileName = path.split('/').at(-1) ?? path;
    return context.body(new Uint8Array(file.content), 200, {
      'content-type': file.mime,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(fileName).replace(/^attachment/, 'inline'),
      'x-content-type-options': 'nosniff',
      // Skill files are user content: never let one run script in the API's origin.
      'content-security-policy': "sandbox; default-src 'none'",
      etag: `"${file.hash}"`,
    });
  });

  app.openapi(downloadRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope, version } = context.req.valid('query');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const skill = await findSkill({ store, caller, name, scope });
    const files = await store.skills.readFiles({
      ...caller.access,
      id: skill.id,
      version: version ?? skill.currentVersion,
    });
    if (files === undefined || files.length === 0) throw skillNotFound(name, scope);
    const zip = await writePackageOffThread({
      folderName: skill.name,
      files: files.map((file) => ({ path: file.path, bytes: file.content })),
    });
    const label = version === undefined || version === skill.currentVersion ? '' : `-v${version}`;
    return context.body(new Uint8Array(zip), 200, {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(`${skill.name}${label}.zip`),
      etag: formatSkillEtag(version ?? skill.currentVersion),
    });
  });
}
