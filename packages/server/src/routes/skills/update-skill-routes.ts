import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import {
  applySkillEdit,
  checkSkillWrite,
  patchSkillFrontmatter,
  toSkillEdit,
} from '@skillset/core/authoring';
import type { StoredSkill } from '@skillset/store';
import type { Context } from 'hono';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppEnv } from '../../app/app-env.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { SERVER_PACKAGE_LIMITS } from '../../package-worker/server-package-limits.ts';
import { loadWritableSkill } from './load-writable-skill.ts';
import { frontmatterOfPatch, patchSkillBodySchema } from './patch-skill-body.ts';
import { presentSkillDetail } from './present-skill.ts';
import { answerProposal, proposalResponse } from './proposal-schema.ts';
import { reviewWriteMode } from './review-write-mode.ts';
import { invalidSkill } from './save-new-skill.ts';
import type { SkillCaller } from './skill-caller.ts';
import { formatSkillEtag, readIfMatch, versionConflict } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import {
  skillDetailSchema,
  skillNameParamsSchema,
  skillScopeQuerySchema,
} from './skill-schemas.ts';
import { versionNoteSchema } from './version-note-schema.ts';
import { unwrapVersionWrite } from './write-skill-version.ts';

const ifMatchHeaders = z.object({
  'if-match': z
    .string()
    .optional()
    .openapi({ description: 'Required: the ETag (version) you edited, e.g. "3".' }),
});

const updatedResponses = {
  200: {
    description: 'The new version; the ETag is its number',
    headers: { ETag: { schema: { type: 'string' as const } } },
    content: { 'application/json': { schema: skillDetailSchema } },
  },
  202: proposalResponse,
  400: jsonErrorResponse('Invalid edit or resulting SKILL.md, with issues'),
  403: jsonErrorResponse('Not allowed to change this skill'),
  404: jsonErrorResponse('No such skill visible to you'),
  409: jsonErrorResponse('Stale If-Match: the current version is named'),
  428: jsonErrorResponse('If-Match is missing'),
};

const patchSkillRoute = createRoute({
  method: 'patch',
  path: '/api/skills/{name}',
  tags: ['skills'],
  summary: 'Edit a skill with one operation and/or frontmatter fields (If-Match required)',
  request: {
    params: skillNameParamsSchema,
    query: skillScopeQuerySchema,
    headers: ifMatchHeaders,
    body: { content: { 'application/json': { schema: patchSkillBodySchema } }, required: true },
  },
  responses: updatedResponses,
});

const putSkillRoute = createRoute({
  method: 'put',
  path: '/api/skills/{name}',
  tags: ['skills'],
  summary: 'Replace the whole SKILL.md of a skill (If-Match required)',
  request: {
    params: skillNameParamsSchema,
    query: skillScopeQuerySchema,
    headers: ifMatchHeaders,
    body: {
      content: {
        'application/json': {
          schema: z
            .strictObject({
              content: z.string().min(1).openapi({ description: 'The whole new SKILL.md.' }),
              message: versionNoteSchema.optional(),
            })
            .openapi('PutSkillRequest'),
        },
      },
      required: true,
    },
  },
  responses: updatedResponses,
});

interface WriteTarget {
  caller: SkillCaller;
  skill: StoredSkill;
  expected: number;
  /** The `SKILL.md` of the version named by If-Match. */
  current: string;
}

/** Finds the skill, checks the caller may edit it and reads the version `If-Match` names. */
async function prepareWrite(
  dependencies: SkillRouteDependencies,
  context: Context<AppEnv>,
  name: string,
  scope: StoredSkill['scope'] | undefined,
): Promise<WriteTarget> {
  const { store } = dependencies;
  const { caller, skill } = await loadWritableSkill({
    runtime: dependencies.runtime,
    principal: context.get('principal'),
    name,
    scope,
    action: 'edit',
  });
  const expected = readIfMatch(context.req.header('if-match'), { required: true }) as number;
  if (expected !== skill.currentVersion) {
    throw versionConflict(skill.name, expected, skill.currentVersion);
  }
  const version = await store.skills.getVersion({
    ...caller.access,
    id: skill.id,
    version: expected,
  });
  if (version === undefined) throw versionConflict(skill.name, expected, skill.currentVersion);
  return { caller, skill, expected, current: version.skillMd };
}

async function writeVersion(
  dependencies: SkillRouteDependencies,
  target: WriteTarget,
  text: string,
  message: string | undefined,
) {
  const checked = checkSkillWrite({ text, name: target.skill.name });
  if (!checked.valid) throw invalidSkill(checked.issues, 'The new SKILL.md');
  const { store } = dependencies;
  const { propose } = await reviewWriteMode(store, target.caller, target.skill.scope, 'content');
  const result = await store.skills.update({
    limits: SERVER_PACKAGE_LIMITS,
    ...target.caller.access,
    id: target.skill.id,
    expectedVersion: target.expected,
    skillMd: text,
    ...(message === undefined || message === '' ? {} : { message }),
    actor: target.caller.actor,
    propose,
  });
  return unwrapVersionWrite(target.skill, result, target.expected);
}

/** Answers a write: the new version (200), or the proposal waiting for review (202). */
async function answerWrite(
  context: Context<AppEnv>,
  dependencies: SkillRouteDependencies,
  target: WriteTarget,
  written: Awaited<ReturnType<typeof writeVersion>>,
) {
  if (written.proposed) {
    return answerProposal(context, dependencies, target.caller, written.skill, written);
  }
  const detail = await presentSkillDetail(dependencies, target.caller, written.skill);
  return context.json(detail, 200, { ETag: formatSkillEtag(written.skill.currentVersion) });
}

/** Registers `PATCH` (operations and metadata) and `PUT` (full replace) of `/api/skills/{name}`. */
export function registerUpdateSkillRoutes(app: ApiApp, dependencies: SkillRouteDependencies) {
  app.openapi(patchSkillRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope } = context.req.valid('query');
    const body = context.req.valid('json');
    const target = await prepareWrite(dependencies, context, name, scope);
    let text = target.current;
    const edit = toSkillEdit(body);
    if (edit !== undefined) {
      const edited = applySkillEdit(text, edit);
      if (!edited.success) {
        throw new SkillsetError<ServerErrorCode>({ code: edited.code, message: edited.message });
      }
      text = edited.text;
    }
    const fields = frontmatterOfPatch(body);
    if (fields !== undefined) {
      const patched = patchSkillFrontmatter(text, fields);
      if (!patched.success) {
        throw new SkillsetError<ServerErrorCode>({ code: patched.code, message: patched.message });
      }
      text = patched.text;
    }
    const written = await writeVersion(dependencies, target, text, body.message);
    return answerWrite(context, dependencies, target, written);
  });

  app.openapi(putSkillRoute, async (context) => {
    const { name } = context.req.valid('param');
    const { scope } = context.req.valid('query');
    const body = context.req.valid('json');
    const target = await prepareWrite(dependencies, context, name, scope);
    const written = await writeVersion(dependencies, target, body.content, body.message);
    return answerWrite(context, dependencies, target, written);
  });
}
