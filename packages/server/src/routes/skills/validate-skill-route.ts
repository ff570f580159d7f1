import { createRoute, z } from '@hono/zod-openapi';
import { parseSkill, type SkillIssue, SkillsetError } from '@skillset/core';
import type { Context } from 'hono';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppEnv } from '../../app/app-env.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { readPackageOffThread } from '../../package-worker/package-pool.ts';
import { SERVER_PACKAGE_LIMITS } from '../../package-worker/server-package-limits.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import { skillIssueSchema } from './skill-schemas.ts';

const binary = { schema: { type: 'string' as const, format: 'binary' } };
// The media types declared below: the OpenAPI layer answers any other with 415.
const ZIP_TYPES = new Set(['application/zip', 'application/octet-stream']);
const MARKDOWN_TYPES = new Set(['text/markdown']);

const validateBodySchema = z
  .strictObject({
    content: z.string().openapi({ description: 'The whole SKILL.md text.' }),
    folderName: z
      .string()
      .min(1)
      .optional()
      .openapi({ description: 'The folder the skill lives in; its name must match.' }),
  })
  .openapi('ValidateSkillRequest');

const validateRoute = createRoute({
  method: 'post',
  path: '/api/skills/validate',
  tags: ['skills'],
  summary: 'Validate a SKILL.md, a .md or a ZIP package without saving anything',
  request: {
    query: z.object({
      profile: z
        .enum(['default', 'strict'])
        .optional()
        .openapi({ description: 'strict = the portable Agent Skills spec only.' }),
    }),
    body: {
      content: {
        'application/json': { schema: validateBodySchema },
        'application/zip': binary,
        'application/octet-stream': binary,
        'text/markdown': { schema: { type: 'string' } },
      },
      required: false,
    },
  },
  responses: {
    200: {
      description: 'The verdict and every issue (a refused package is invalid, not an error)',
      content: {
        'application/json': {
          schema: z.object({
            valid: z.boolean(),
            name: z.string().optional(),
            issues: z.array(skillIssueSchema),
          }),
        },
      },
    },
    400: jsonErrorResponse('Malformed request'),
    415: jsonErrorResponse('Unsupported body type'),
  },
});

interface ValidationInput {
  text?: string;
  folderName?: string;
  issues: SkillIssue[];
}

async function readInput(
  context: Context<AppEnv>,
  json: { content?: string; folderName?: string },
): Promise<ValidationInput> {
  const type = (context.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) {
    return {
      ...(json.content === undefined ? {} : { text: json.content }),
      ...(json.folderName === undefined ? {} : { folderName: json.folderName }),
      issues: [],
    };
  }
  const isZip = ZIP_TYPES.has(type);
  if (!isZip && !MARKDOWN_TYPES.has(type)) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'unsupported_media_type',
      message: `Cannot validate ${type === '' ? 'a body without Content-Type' : JSON.stringify(type)}; send JSON {"content": "<SKILL.md>"}, a ZIP (application/zip) or text/markdown.`,
    });
  }
  const bytes = new Uint8Array(await context.req.arrayBuffer());
  const result = await readPackageOffThread(
    isZip ? 'zip' : 'markdown',
    bytes,
    SERVER_PACKAGE_LIMITS,
  );
  if (!result.ok) return { issues: result.issues };
  return {
    text: result.skillText,
    ...(result.folderName === undefined ? {} : { folderName: result.folderName }),
    issues: result.issues,
  };
}

/** Registers `POST /api/skills/validate`: parses without saving and reports every issue. */
export function registerValidateSkillRoute(app: ApiApp, _dependencies: SkillRouteDependencies) {
  app.openapi(validateRoute, async (context) => {
    const { profile = 'default' } = context.req.valid('query');
    // The JSON body is optional (a ZIP or Markdown body is read raw), so its type is not inferred.
    const request = context.req as unknown as {
      valid(target: 'json'): { content?: string; folderName?: string };
    };
    const json = request.valid('json');
    const input = await readInput(context, json);
    if (input.text === undefined) {
      return context.json({ valid: false, issues: input.issues }, 200);
    }
    const parsed = parseSkill(input.text, {
      profile,
      ...(input.folderName === undefined ? {} : { folderName: input.folderName }),
    });
    const issues = [...input.issues, ...parsed.issues];
    const valid = !issues.some((issue) => issue.severity === 'error');
    return context.json(
      {
        valid,
        ...(parsed.manifest === undefined ? {} : { name: parsed.manifest.name }),
        issues,
      },
      200,
    );
  });
}
