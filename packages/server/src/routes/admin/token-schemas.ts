import { z } from '@hono/zod-openapi';
import type { TokenInfo } from '@skillset/store';

/** A token as listed: never the secret. */
export const tokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first characters, to recognise the token' }),
    kind: z.enum(['user', 'agent']),
    principalId: z.string(),
    workspaceId: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .openapi('Token');

/** A created token: the plaintext `token` is shown here once and never again. */
export const createdTokenSchema = z
  .object({ token: z.string(), info: tokenSchema })
  .openapi('CreatedToken');

/** The body of `POST /api/tokens`: a user token for the caller, or an agent token. */
export const createTokenSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  agentId: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: 'Create a token for this agent of the workspace (admin)' }),
  workspaceOnly: z.boolean().optional().openapi({
    description:
      'Limit a user token to the current workspace (always so when the calling token is limited)',
  }),
  expiresAt: z.iso.datetime({ offset: true }).optional().openapi({
    description:
      'When the token stops working (ISO 8601); no later than the calling token’s expiry, which it inherits by default',
  }),
});

/** The query of `GET /api/tokens`. */
export const listTokensQuerySchema = z.object({
  includeRevoked: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ param: { name: 'includeRevoked', in: 'query' } }),
});

/** The path of one token. */
export const tokenIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

function isoOrNull(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/** Serialises a token's metadata. */
export function toTokenJson(token: TokenInfo): z.infer<typeof tokenSchema> {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    kind: token.principalKind,
    principalId: token.principalId,
    workspaceId: token.workspaceId,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: isoOrNull(token.lastUsedAt),
    expiresAt: isoOrNull(token.expiresAt),
    revokedAt: isoOrNull(token.revokedAt),
  };
}
