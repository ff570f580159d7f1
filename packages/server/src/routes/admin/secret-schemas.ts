import { z } from '@hono/zod-openapi';
import { MAX_SECRET_SKILLS, MAX_SECRET_VALUE_BYTES, type StoredSecret } from '@skillset/store';

/** A secret as the API returns it: never its value. */
export const secretSchema = z
  .object({
    name: z.string().openapi({ example: 'GITHUB_TOKEN' }),
    skills: z.array(z.string()).openapi({
      description: 'The skills whose scripts get the value as this environment variable',
      example: ['release-notes'],
    }),
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
    description: `The skills the secret is bound to (at most ${MAX_SECRET_SKILLS}; names match case-insensitively), replacing the previous list`,
    example: ['release-notes'],
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

/** Serialises a secret, without its value. */
export function toSecretJson(secret: StoredSecret): z.infer<typeof secretSchema> {
  return {
    name: secret.name,
    skills: secret.skills,
    createdAt: secret.createdAt.toISOString(),
    updatedAt: secret.updatedAt.toISOString(),
  };
}
