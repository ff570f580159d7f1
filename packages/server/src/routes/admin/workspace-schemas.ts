import { z } from '@hono/zod-openapi';
import { CONTENT_RISK_POLICIES } from '@skillset/core';
import { type StoredWorkspace, WORKSPACE_ROLES, type WorkspaceRole } from '@skillset/store';

/** A workspace role as the API accepts and returns it. */
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES).openapi('WorkspaceRole');

const integrationsSchema = z.array(z.string().min(1).max(100)).max(200);
const catalogBudgetSchema = z.number().int().min(1).max(1_000_000);
const contentRisksSchema = z.enum(CONTENT_RISK_POLICIES);
const signerLinesSchema = z.array(z.string().max(16_384)).max(1000);

/** The most MCP skill servers one workspace may name. */
export const MAX_WORKSPACE_MCP_SERVERS = 20;

const mcpServerInputSchema = z
  .strictObject({
    url: z
      .string()
      .max(2048)
      .regex(/^https?:\/\/[^\s]+$/, 'an http:// or https:// URL of a Streamable HTTP MCP server'),
    headers: z
      .record(z.string().min(1).max(200), z.string().max(8192))
      .refine((headers) => Object.keys(headers).length <= 50, 'at most 50 headers')
      .optional(),
    timeoutMs: z.number().int().min(100).max(600_000).optional(),
    approvedAllowedTools: z
      .record(z.string().min(1).max(300), z.string().regex(/^sha256:[0-9a-f]{64}$/))
      .refine((approvals) => Object.keys(approvals).length <= 1000, 'at most 1000 approvals')
      .optional()
      .openapi({
        description:
          "Skills whose allowed-tools are kept, by their name on that server, each at the manifest digest approved (the source's warning gives it)",
      }),
  })
  .openapi({
    description:
      'A Streamable HTTP MCP server serving the Skills extension; stdio commands are not accepted on the server',
  });

const mcpServersInputSchema = z
  .record(
    z
      .string()
      .regex(
        /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
        'a label is lowercase letters, digits and single hyphens',
      )
      .max(64),
    mcpServerInputSchema,
  )
  .refine(
    (servers) => Object.keys(servers).length <= MAX_WORKSPACE_MCP_SERVERS,
    `at most ${MAX_WORKSPACE_MCP_SERVERS} MCP servers`,
  );

/** An MCP skill server as the API returns it: the header names only, never their values. */
const mcpServerSchema = z.object({
  url: z.string(),
  headerNames: z.array(z.string()),
  timeoutMs: z.number().optional(),
  approvedAllowedTools: z.record(z.string(), z.string()).optional(),
});

/** A workspace as the API returns it, with the caller's role in it. */
export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    settings: z.object({
      skillsEnabled: z.boolean(),
      integrations: z.array(z.string()).optional(),
      catalogBudget: z.number().optional().openapi({
        description: 'Catalog budget in tokens when an agent sets none; absent: 2,000',
      }),
      contentRisks: contentRisksSchema.openapi({
        description:
          '`block`: skills the doctor flags for content risks are refused on every surface but management',
      }),
      requireSigned: z.boolean().openapi({
        description:
          'Only skills signed by one of the trusted signers are let through on every surface but management',
      }),
      trustedSigners: z.array(z.string()).openapi({
        description: "The workspace's trusted signers, one git allowed_signers line each",
      }),
      revokedSigners: z.array(z.string()).openapi({
        description: "Revoked public keys ('keytype base64-key'): a signature by one never holds",
      }),
      review: z.enum(['off', 'required']).openapi({
        description:
          '`required`: a change to a workspace skill is a proposal, served nowhere until a reviewer who is not its author publishes it',
      }),
      blockRecallDrop: z.boolean().openapi({
        description:
          'Publishing a proposal whose offline trigger-eval recall is lower than the published revision needs overrideRecallDrop (audited)',
      }),
      mcpServers: z.record(z.string(), mcpServerSchema).optional().openapi({
        description: "MCP servers whose skills join the workspace as 'label:name' (admin-only)",
      }),
    }),
    role: workspaceRoleSchema.optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Workspace');

/** The body of `POST /api/workspaces`. */
export const createWorkspaceSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single hyphens')
    .max(48)
    .optional(),
  settings: z
    .strictObject({
      skillsEnabled: z.boolean().optional(),
      integrations: integrationsSchema,
      catalogBudget: catalogBudgetSchema,
      contentRisks: contentRisksSchema,
      requireSigned: z.boolean(),
      trustedSigners: signerLinesSchema,
      revokedSigners: signerLinesSchema,
    })
    .partial()
    .optional(),
});

/**
 * The body of `PATCH /api/workspaces/{id}`; `integrations: null` stops gating integrations and
 * `catalogBudget: null` returns to the default budget.
 */
export const updateWorkspaceSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  settings: z
    .strictObject({
      skillsEnabled: z.boolean().optional(),
      integrations: integrationsSchema.nullable().optional(),
      catalogBudget: catalogBudgetSchema.nullable().optional(),
      contentRisks: contentRisksSchema.optional(),
      requireSigned: z.boolean().optional(),
      trustedSigners: signerLinesSchema.optional().openapi({
        description:
          'One git allowed_signers line each (`principal ssh-ed25519 AAAA…`); a bad line is a 400 naming it',
      }),
      revokedSigners: signerLinesSchema.optional(),
      review: z.enum(['off', 'required']).optional().openapi({
        description:
          '`required` needs at least two people who may review (admins, owners, reviewers)',
      }),
      blockRecallDrop: z.boolean().optional(),
      mcpServers: mcpServersInputSchema.nullable().optional(),
    })
    .optional(),
});

/** The path of one workspace. */
export const workspaceIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** Serialises a workspace, with the caller's role when known. */
export function toWorkspaceJson(
  workspace: StoredWorkspace,
  role?: WorkspaceRole,
): z.infer<typeof workspaceSchema> {
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    settings: {
      skillsEnabled: workspace.settings.skillsEnabled,
      ...(workspace.settings.integrations === undefined
        ? {}
        : { integrations: workspace.settings.integrations }),
      ...(workspace.settings.catalogBudget === undefined
        ? {}
        : { catalogBudget: workspace.settings.catalogBudget }),
      contentRisks: workspace.settings.contentRisks ?? 'allow',
      requireSigned: workspace.settings.requireSigned === true,
      trustedSigners: workspace.settings.trustedSigners ?? [],
      revokedSigners: workspace.settings.revokedSigners ?? [],
      review: workspace.settings.review ?? 'off',
      blockRecallDrop: workspace.settings.blockRecallDrop === true,
      ...(workspace.settings.mcpServers === undefined
        ? {}
        : {
            mcpServers: Object.fromEntries(
              Object.entries(workspace.settings.mcpServers).map(([label, server]) => [
                label,
                {
                  url: server.url,
                  headerNames: Object.keys(server.headers ?? {}),
                  ...(server.timeoutMs === undefined ? {} : { timeoutMs: server.timeoutMs }),
                  ...(server.approvedAllowedTools === undefined
                    ? {}
                    : { approvedAllowedTools: server.approvedAllowedTools }),
                },
              ]),
            ),
          }),
    },
    ...(role === undefined ? {} : { role }),
    createdAt: workspace.createdAt.toISOString(),
    updatedAt: workspace.updatedAt.toISOString(),
  };
}
