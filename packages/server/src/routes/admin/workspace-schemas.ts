import { z } from '@hono/zod-openapi';
import { CONTENT_RISK_POLICIES } from '@skillset/core';
import { type StoredWorkspace, WORKSPACE_ROLES, type WorkspaceRole } from '@skillset/store';

/** A workspace role as the API accepts and returns it. */
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES).openapi('WorkspaceRole');

const integrationsSchema = z.array(z.string().min(1).max(100)).max(200);
const catalogBudgetSchema = z.number().int().min(1).max(1_000_000);
const contentRisksSchema = z.enum(CONTENT_RISK_POLICIES);

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
    },
    ...(role === undefined ? {} : { role }),
    createdAt: workspace.createdAt.toISOString(),
    updatedAt: workspace.updatedAt.toISOString(),
  };
}
