import { z } from '@hono/zod-openapi';
import {
  MAX_SECRET_SKILLS,
  MAX_SECRET_VALUE_BYTES,
  type SecretBinding,
  type StoredSecret,
} from '@skillset/store';

const digestSchema = z.string().openapi({
  description: 'The content address of the version (the sha256 of its files, as `hash` of a skill)',
  example: '3fae199d18e9e05421584293ceebcd17f02b0c10bc061020a4bbb128a51d935f',
});

/** One skill a secret is bound to: the revision an admin approved, the current one, and whether they match. */
export const secretBindingSchema = z
  .object({
    skill: z.string().openapi({ example: 'release-notes' }),
    approved: z.boolean().openapi({
      description:
        'The current revision is the one an admin approved, so its scripts get the value; any new version, restore or edit clears it until an admin approves again',
    }),
    current: z
      .object({
        version: z.number().int(),
        digest: digestSchema,
        scope: z.enum(['workspace', 'public']),
        author: z.string().nullable().openapi({ description: 'Who made this version (an id)' }),
      })
      .nullable()
      .openapi({
        description: 'The revision the secret would reach now; null when no such skill exists',
      }),
    approval: z
      .object({
        version: z.number().int(),
        digest: digestSchema,
        approvedBy: z.string().nullable(),
        approvedAt: z.string(),
      })
      .nullable()
      .openapi({ description: 'The revision an admin approved; null when none was' }),
  })
  .openapi('SecretBinding');

/** A secret as the API returns it: never its value. */
export const secretSchema = z
  .object({
    name: z.string().openapi({ example: 'GITHUB_TOKEN' }),
    skills: z.array(z.string()).openapi({
      description:
        'The skills the secret is bound to (each gets it only while `bindings` says approved)',
      example: ['release-notes'],
    }),
    bindings: z.array(secretBindingSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Secret');

/** The answer of `GET /api/secrets`. */
export const secretListSchema = z.object({ secrets: z.array(secretSchema) }).openapi('SecretList');

/** The body of `PUT /api/secrets/{name}`; its values are checked by the store, with every issue. */
export const putSecretSchema = z.strictObject({
  value: z
    .string()
    .optional()
    .openapi({
      description: `The value, at most ${MAX_SECRET_VALUE_BYTES} bytes, no NUL; required to create a secret; absent keeps the stored one (404 when there is none). Never shown again.`,
      format: 'password',
    }),
  skills: z.array(z.string()).openapi({
    description: `The skills the secret is bound to (at most ${MAX_SECRET_SKILLS}; names match case-insensitively), replacing the previous list. A newly bound skill's current revision is approved with it; skills bound before keep their approval (approve a new revision with POST /api/secrets/{name}/approvals)`,
    example: ['release-notes'],
  }),
});

/** The body of `POST /api/secrets/{name}/approvals`. */
export const approveSecretSchema = z.strictObject({
  skill: z.string().min(1).max(200).openapi({
    description: 'A skill the secret is bound to; its current revision is approved',
    example: 'release-notes',
  }),
  digest: z.string().max(200).optional().openapi({
    description:
      'The digest of the revision you reviewed (`bindings[].current.digest`); when the skill changed since, nothing is approved (409 secret_revision_changed)',
  }),
});

/** The path of one secret. */
export const secretNameParamsSchema = z.object({
  name: z.string().openapi({
    param: { name: 'name', in: 'path' },
    description: 'An environment variable name: A-Z, 0-9 and _, not starting with a digit',
    example: 'GITHUB_TOKEN',
  }),
});

function toBindingJson(binding: SecretBinding): z.infer<typeof secretBindingSchema> {
  const { current, approval } = binding;
  return {
    skill: binding.skill,
    approved: binding.approved,
    current:
      current === undefined
        ? null
        : {
            version: current.version,
            digest: current.digest,
            scope: current.scope,
            author: current.author,
          },
    approval:
      approval === undefined
        ? null
        : {
            version: approval.version,
            digest: approval.digest,
            approvedBy: approval.approvedBy,
            approvedAt: approval.approvedAt.toISOString(),
          },
  };
}

/** Serialises a secret, without its value. */
export function toSecretJson(secret: StoredSecret): z.infer<typeof secretSchema> {
  return {
    name: secret.name,
    skills: secret.skills,
    bindings: secret.bindings.map(toBindingJson),
    createdAt: secret.createdAt.toISOString(),
    updatedAt: secret.updatedAt.toISOString(),
  };
}
