import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app/api-app.ts';
import { assertManageRole } from '../../auth/assert-manage-role.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import { loadWorkspaceTrust } from '../../runtime/workspace-trust.ts';
import { authorizeSkillWrite } from './authorize-skill-write.ts';
import { checkUploadedSkill, type UploadIssue } from './check-uploaded-skill.ts';
import { createSkillBodySchema, skillTextOfCreateBody } from './create-skill-body.ts';
import { presentSkillDetail } from './present-skill.ts';
import { answerProposal, proposalResponse } from './proposal-schema.ts';
import { readUploadedPackage } from './read-uploaded-package.ts';
import { CREATABLE_SCOPES, invalidSkill, saveNewSkill } from './save-new-skill.ts';
import { resolveSkillCaller } from './skill-caller.ts';
import { formatSkillEtag } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import { skillDetailSchema } from './skill-schemas.ts';
import {
  dryRunQuerySchema,
  presentUploadPreview,
  skillUploadPreviewSchema,
} from './skill-upload-preview.ts';

const binary = { schema: { type: 'string' as const, format: 'binary' } };

const createdResponse = {
  description: 'Created; the ETag is the version (1)',
  headers: { ETag: { schema: { type: 'string' as const } } },
  content: { 'application/json': { schema: skillDetailSchema } },
};

const createSkillRoute = createRoute({
  method: 'post',
  path: '/api/skills',
  tags: ['skills'],
  summary: 'Create a skill from its SKILL.md text or from fields',
  request: {
    body: { content: { 'application/json': { schema: createSkillBodySchema } }, required: true },
  },
  responses: {
    201: createdResponse,
    202: proposalResponse,
    400: jsonErrorResponse('Invalid SKILL.md (with issues) or request'),
    403: jsonErrorResponse('Not allowed in that scope'),
    409: jsonErrorResponse('A skill of that name exists in the scope'),
  },
});

const uploadSkillRoute = createRoute({
  method: 'post',
  path: '/api/skills/upload',
  tags: ['skills'],
  summary: 'Upload a skill as a ZIP (SKILL.md at the root or in one folder) or a single .md',
  request: {
    query: z.object({ scope: z.enum(CREATABLE_SCOPES).optional(), dry_run: dryRunQuerySchema }),
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
        'With ?dry_run=true: the preview (a name taken in the scope is a skill_exists error)',
      content: { 'application/json': { schema: skillUploadPreviewSchema } },
    },
    201: createdResponse,
    202: proposalResponse,
    400: jsonErrorResponse('Refused package or invalid SKILL.md, with issues'),
    403: jsonErrorResponse('Not allowed in that scope'),
    409: jsonErrorResponse('A skill of that name exists in the scope'),
    413: jsonErrorResponse('Package over the size or file-count limits'),
    415: jsonErrorResponse('Not a ZIP, Markdown or form upload'),
  },
});

/** Registers `POST /api/skills` and `POST /api/skills/upload`. */
export function registerCreateSkillRoutes(app: ApiApp, dependencies: SkillRouteDependencies) {
  app.openapi(createSkillRoute, async (context) => {
    const body = context.req.valid('json');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const { skill, proposal } = await saveNewSkill({
      dependencies,
      caller,
      scope: body.scope ?? 'workspace',
      skillMd: skillTextOfCreateBody(body),
      ...(body.files === undefined
        ? {}
        : { files: Object.entries(body.files).map(([path, content]) => ({ path, content })) }),
      source: 'api',
    });
    if (proposal !== undefined) {
      return answerProposal(context, dependencies, caller, skill, proposal);
    }
    const detail = await presentSkillDetail(dependencies, caller, skill);
    return context.json(detail, 201, { ETag: formatSkillEtag(skill.currentVersion) });
  });

  app.openapi(uploadSkillRoute, async (context) => {
    const { scope = 'workspace', dry_run: dryRun } = context.req.valid('query');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    // A caller who may not write skills of the scope is refused before the upload is read.
    await assertManageRole({ store: dependencies.store, principal: caller.principal, scope });
    const contents = await readUploadedPackage(context);
    const checked = checkUploadedSkill({ contents });
    if (dryRun === 'true') {
      const { name, manifest } = checked;
      if (name === null || manifest === undefined) {
        return context.json(await presentUploadPreview({ contents, checked }), 200);
      }
      await authorizeSkillWrite({
        store: dependencies.store,
        caller,
        action: 'create',
        name,
        scope,
        manifest,
        ...(scope === 'personal' && caller.access.userId !== undefined
          ? { ownerUserId: caller.access.userId }
          : {}),
      });
      const existing = await dependencies.store.skills.getByName({ ...caller.access, name, scope });
      const trust = await loadWorkspaceTrust(dependencies.store, caller.principal.workspaceId);
      if (existing === undefined) {
        return context.json(await presentUploadPreview({ contents, checked, trust }), 200);
      }
      const taken: UploadIssue = {
        code: 'skill_exists',
        severity: 'error',
        message: `A ${scope} skill named ${JSON.stringify(name)} already exists (version ${existing.currentVersion}); upload this as its new version or rename the skill.`,
        field: 'name',
      };
      const issues = [...checked.issues, taken];
      return context.json(
        await presentUploadPreview({
          contents,
          checked: { ...checked, valid: false, issues },
          existing,
          trust,
        }),
        200,
      );
    }
    if (!checked.valid) throw invalidSkill(checked.issues);
    const { skill, proposal } = await saveNewSkill({
      dependencies,
      caller,
      scope,
      skillMd: contents.skillText,
      files: contents.files.map((file) => ({ path: file.path, content: file.bytes })),
      folderName: contents.folderName,
      source: 'upload',
    });
    if (proposal !== undefined) {
      return answerProposal(context, dependencies, caller, skill, proposal);
    }
    const detail = await presentSkillDetail(dependencies, caller, skill);
    return context.json({ ...detail, issues: checked.issues }, 201, {
      ETag: formatSkillEtag(skill.currentVersion),
    });
  });
}
