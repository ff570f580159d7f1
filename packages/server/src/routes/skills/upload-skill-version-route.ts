import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app/api-app.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import { SERVER_PACKAGE_LIMITS } from '../../package-worker/server-package-limits.ts';
import { loadWorkspaceTrust } from '../../runtime/workspace-trust.ts';
import { checkUploadedSkill } from './check-uploaded-skill.ts';
import { loadWritableSkill } from './load-writable-skill.ts';
import { presentSkillDetail } from './present-skill.ts';
import { answerProposal, proposalResponse } from './proposal-schema.ts';
import { readUploadedPackage } from './read-uploaded-package.ts';
import { reviewWriteMode } from './review-write-mode.ts';
import { invalidSkill } from './save-new-skill.ts';
import { formatSkillEtag, readIfMatch, versionConflict } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import {
  skillDetailSchema,
  skillNameParamsSchema,
  skillScopeQuerySchema,
} from './skill-schemas.ts';
import {
  dryRunQuerySchema,
  presentUploadPreview,
  skillUploadPreviewSchema,
} from './skill-upload-preview.ts';
import { versionNoteSchema } from './version-note-schema.ts';
import { unwrapVersionWrite } from './write-skill-version.ts';

const binary = { schema: { type: 'string' as const, format: 'binary' } };

const uploadSkillVersionRoute = createRoute({
  method: 'post',
  path: '/api/skills/{name}/upload',
  tags: ['skills'],
  summary: 'Upload a ZIP or .md as the new version of a skill: SKILL.md and every file replaced',
  request: {
    params: skillNameParamsSchema,
    query: skillScopeQuerySchema.extend({
      dry_run: dryRunQuerySchema,
      note: versionNoteSchema.optional(),
    }),
    headers: z.object({
      'if-match': z
        .string()
        .optional()
        .openapi({ description: 'Required unless dry_run: the ETag (version) you replace.' }),
    }),
    body: {
      content: {
        'application/zip': binary,
        'application/octet-stream': binary,
        'text/markdown': { schema: { type: 'string' as const } },
        'multipart/form-data': {
          schema: {
            type: 'object' as const,
            properties: { file: { type: 'string' as const, format: 'binary' } },
            required: ['file'],
          },
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description:
        'The new version (ETag = its number), or with ?dry_run=true the preview of the upload',
      headers: { ETag: { schema: { type: 'string' as const } } },
      content: {
        'application/json': { schema: z.union([skillDetailSchema, skillUploadPreviewSchema]) },
      },
    },
    202: proposalResponse,
    400: jsonErrorResponse('Refused package or invalid SKILL.md, with issues'),
    403: jsonErrorResponse('Not allowed to change this skill'),
    404: jsonErrorResponse('No such skill visible to you'),
    409: jsonErrorResponse('Stale If-Match: the current version is named'),
    413: jsonErrorResponse('Package over the size or file-count limits'),
    415: jsonErrorResponse('Not a ZIP, Markdown or form upload'),
    428: jsonErrorResponse('If-Match is missing'),
  },
});

/** Registers `POST /api/skills/{name}/upload`: a package as the skill's new version. */
export function registerUploadSkillVersionRoute(app: ApiApp, dependencies: SkillRouteDependencies) {
  app.openapi(uploadSkillVersionRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope, dry_run: dryRun, note } = context.req.valid('query');
    const { store } = dependencies;
    const { caller, skill } = await loadWritableSkill({
      runtime: dependencies.runtime,
      principal: context.get('principal'),
      name,
      scope,
      action: 'edit',
    });
    const expected =
      dryRun === 'true'
        ? undefined
        : readIfMatch(context.req.header('if-match'), { required: true });
    if (expected !== undefined && expected !== skill.currentVersion) {
      throw versionConflict(skill.name, expected, skill.currentVersion);
    }
    const contents = await readUploadedPackage(context);
    const checked = checkUploadedSkill({ contents, expectedName: skill.name });
    if (expected === undefined) {
      const trust = await loadWorkspaceTrust(store, caller.principal.workspaceId);
      return context.json(
        await presentUploadPreview({ contents, checked, existing: skill, trust }),
        200,
      );
    }
    if (!checked.valid) throw invalidSkill(checked.issues, 'The uploaded SKILL.md');
    const { propose } = await reviewWriteMode(store, caller, skill.scope, 'content');
    const result = await store.skills.update({
      limits: SERVER_PACKAGE_LIMITS,
      ...caller.access,
      id: skill.id,
      expectedVersion: expected,
      skillMd: contents.skillText,
      files: contents.files.map((file) => ({ path: file.path, content: file.bytes })),
      message: note === undefined || note === '' ? 'Uploaded a new version' : note,
      actor: caller.actor,
      propose,
    });
    const written = unwrapVersionWrite(skill, result, expected);
    if (written.proposed) {
      return answerProposal(context, dependencies, caller, written.skill, written);
    }
    const detail = await presentSkillDetail(dependencies, caller, written.skill);
    return context.json({ ...detail, issues: checked.issues }, 200, {
      ETag: formatSkillEtag(written.skill.currentVersion),
    });
  });
}
