import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../../http/error-responses.ts';
import { proposalReviewSchema } from './review-proposal.ts';
import { skillNameParamsSchema } from './skill-schemas.ts';
import { versionNoteSchema } from './version-note-schema.ts';

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const revisionInReviewSchema = z
  .object({
    name: z.string(),
    version: z.number().int(),
    hash: z.string().openapi({ description: 'The content digest a reviewer approves' }),
    description: z.string(),
    message: z.string().nullable(),
    author: personSchema,
    createdAt: z.string(),
    published: z.number().int().openapi({ description: 'The served revision (0: none yet)' }),
    state: z.enum(['proposed', 'published', 'rejected']),
    note: z.string().nullable(),
    reviewer: personSchema,
    reviewedAt: z.string().nullable(),
    mayPublish: z.boolean().openapi({
      description: 'Whether the caller may publish it: a reviewer who is not its author',
    }),
  })
  .openapi('RevisionInReview');

const revisionParamsSchema = skillNameParamsSchema.extend({
  version: z.coerce.number().int().min(1).max(1_000_000_000),
});

const hashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'the hex sha256 content digest of the revision, as listed');

export const listProposalsRoute = createRoute({
  method: 'get',
  path: '/api/proposals',
  tags: ['review'],
  summary: "The workspace's proposals waiting for review (or rejected ones), newest first",
  request: {
    query: z.strictObject({
      state: z
        .enum(['proposed', 'rejected'])
        .optional()
        .openapi({ description: 'Default: proposed' }),
    }),
  },
  responses: {
    200: {
      description: 'Proposals, whether review is required, and whether the caller may review',
      content: {
        'application/json': {
          schema: z.object({
            review: z.enum(['off', 'required']),
            mayReview: z.boolean(),
            items: z.array(revisionInReviewSchema),
          }),
        },
      },
    },
    ...errorResponses(403),
  },
});

export const showProposalRoute = createRoute({
  method: 'get',
  path: '/api/proposals/{name}/{version}',
  tags: ['review'],
  summary:
    'One revision to review: its diff against the published one, findings, signature, eval delta',
  request: { params: revisionParamsSchema },
  responses: {
    200: {
      description: 'The revision and its review',
      content: {
        'application/json': {
          schema: z.object({ revision: revisionInReviewSchema, review: proposalReviewSchema }),
        },
      },
    },
    ...errorResponses(403, 404),
  },
});

export const publishRevisionRoute = createRoute({
  method: 'post',
  path: '/api/skills/{name}/versions/{version}/publish',
  tags: ['review'],
  summary:
    'Publish a proposal, or roll back to an earlier published revision (If-Match: the published revision you saw)',
  request: {
    params: revisionParamsSchema,
    headers: z.object({ 'if-match': z.string().optional() }),
    body: {
      content: {
        'application/json': {
          schema: z.strictObject({
            hash: hashSchema,
            note: versionNoteSchema.optional(),
            overrideRecallDrop: z.boolean().optional().openapi({
              description:
                'Publish although the trigger-eval recall drops, where the workspace blocks that (audited)',
            }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: 'Published: every surface serves this revision now; the ETag is its number',
      headers: { ETag: { schema: { type: 'string' as const } } },
      content: {
        'application/json': {
          schema: z.object({
            name: z.string(),
            published: z.number().int(),
            from: z.number().int().openapi({ description: 'The revision served before (0: none)' }),
            hash: z.string(),
          }),
        },
      },
    },
    ...errorResponses(400, 403, 404, 409, 428),
  },
});

export const rejectRevisionRoute = createRoute({
  method: 'post',
  path: '/api/skills/{name}/versions/{version}/reject',
  tags: ['review'],
  summary: 'Reject a proposal with a note; it stays in the history, rejected',
  request: {
    params: revisionParamsSchema,
    body: {
      content: {
        'application/json': {
          schema: z.strictObject({
            hash: hashSchema,
            note: versionNoteSchema.pipe(z.string().min(1)),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: 'Rejected',
      content: { 'application/json': { schema: revisionInReviewSchema } },
    },
    ...errorResponses(400, 403, 404, 409),
  },
});
