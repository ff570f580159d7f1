import { z } from 'zod';

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** A revision in review as `GET /api/proposals` lists it. */
export const revisionSchema = z.object({
  name: z.string(),
  version: z.int(),
  hash: z.string(),
  description: z.string(),
  message: z.string().nullable(),
  author: personSchema,
  createdAt: z.string(),
  published: z.int(),
  state: z.enum(['proposed', 'published', 'rejected']),
  note: z.string().nullable(),
  reviewer: personSchema,
  reviewedAt: z.string().nullable(),
  mayPublish: z.boolean(),
});

/** A revision in review. */
export type Revision = z.infer<typeof revisionSchema>;

/** `GET /api/proposals`. */
export const proposalListSchema = z.object({
  review: z.enum(['off', 'required']),
  mayReview: z.boolean(),
  items: z.array(revisionSchema),
});

/** The proposals of a workspace, whether it requires review and whether the caller may review. */
export type ProposalList = z.infer<typeof proposalListSchema>;

const scoreSchema = z.object({ recall: z.number().nullable(), precision: z.number().nullable() });

/** `GET /api/proposals/{name}/{version}`: the revision and what a reviewer reads. */
export const proposalReviewSchema = z.object({
  revision: revisionSchema,
  review: z.object({
    content: z.string(),
    publishedContent: z.string().nullable(),
    files: z.array(z.object({ path: z.string(), size: z.int() })),
    diff: z.array(
      z.object({
        path: z.string(),
        status: z.enum(['added', 'removed', 'modified']),
        binary: z.boolean(),
        diff: z.string(),
      }),
    ),
    findings: z.array(
      z.object({
        code: z.string(),
        severity: z.enum(['error', 'warning', 'info']),
        file: z.string().optional(),
        line: z.int().optional(),
        message: z.string(),
        fix: z.string().optional(),
      }),
    ),
    signature: z.object({
      state: z.enum(['signed', 'unsigned', 'invalid']),
      signer: z.string().optional(),
      reason: z.string().optional(),
    }),
    eval: z
      .object({ cases: z.int(), before: scoreSchema.nullable(), after: scoreSchema })
      .nullable(),
  }),
});

/** A revision with its review: diff, findings, signature and eval delta. */
export type ProposalReview = z.infer<typeof proposalReviewSchema>;

/** `GET /api/skills/{name}/versions`. */
export const versionListSchema = z.object({
  current: z.int(),
  items: z.array(z.object({ version: z.int(), hash: z.string() })),
});

/** `POST /api/skills/{name}/versions/{version}/publish`. */
export const publishedSchema = z.object({
  name: z.string(),
  published: z.int(),
  from: z.int(),
  hash: z.string(),
});
