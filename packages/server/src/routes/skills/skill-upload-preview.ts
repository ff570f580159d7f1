import { z } from '@hono/zod-openapi';
import { verifySkillSignature } from '@skillset/core';
import type { SkillPackageContents } from '@skillset/core/authoring';
import type { StoredSkill } from '@skillset/store';
import type { WorkspaceTrust } from '../../runtime/workspace-trust.ts';
import type { CheckUploadedSkillResult, UploadIssue } from './check-uploaded-skill.ts';
import { presentSkillSignature, skillSignatureSchema } from './present-skill-signature.ts';
import { skillIssueSchema, skillScopeSchema } from './skill-schemas.ts';

/** The answer of an upload with `?dry_run=true`: what would be saved, and every issue. */
export const skillUploadPreviewSchema = z
  .object({
    valid: z.boolean().openapi({ description: 'Whether the real upload would save it.' }),
    name: z.string().nullable(),
    description: z.string().nullable(),
    folderName: z.string().nullable().openapi({ description: 'The ZIP folder SKILL.md is in.' }),
    files: z.array(z.object({ path: z.string(), size: z.number().int() })),
    issues: z.array(skillIssueSchema),
    existing: z
      .object({ scope: skillScopeSchema, version: z.number().int() })
      .nullable()
      .openapi({ description: 'The skill the upload would conflict with or become a version of.' }),
    // The upload's signature against the workspace's trusted signers; absent without a valid name.
    signature: skillSignatureSchema.optional(),
  })
  .openapi('SkillUploadPreview');

/** The `dry_run` query flag of the upload routes. */
export const dryRunQuerySchema = z
  .enum(['true', 'false'])
  .optional()
  .openapi({ description: 'Validate and preview only; nothing is saved.' });

/** Options for {@link presentUploadPreview}. */
export interface PresentUploadPreviewOptions {
  contents: SkillPackageContents;
  checked: Pick<CheckUploadedSkillResult, 'valid' | 'name' | 'description'> & {
    issues: readonly UploadIssue[];
  };
  existing?: Pick<StoredSkill, 'scope' | 'currentVersion'> | undefined;
  /** The workspace's signers: the preview then says whether the upload is signed by one. */
  trust?: WorkspaceTrust;
}

const encoder = new TextEncoder();

/** The preview body of a checked upload; `SKILL.md` is listed first. */
export async function presentUploadPreview(
  options: PresentUploadPreviewOptions,
): Promise<z.infer<typeof skillUploadPreviewSchema>> {
  const { contents, checked, existing, trust } = options;
  const skillFile = { path: 'SKILL.md', bytes: encoder.encode(contents.skillText) };
  const signature =
    checked.name === null || trust === undefined
      ? undefined
      : presentSkillSignature(
          await verifySkillSignature({
            name: checked.name,
            files: [skillFile, ...contents.files],
            trust: trust.signers,
          }),
        );
  return {
    valid: checked.valid,
    name: checked.name,
    description: checked.description,
    folderName: contents.folderName ?? null,
    files: [
      { path: skillFile.path, size: skillFile.bytes.byteLength },
      ...contents.files.map((file) => ({ path: file.path, size: file.bytes.byteLength })),
    ],
    issues: [...checked.issues],
    existing:
      existing === undefined ? null : { scope: existing.scope, version: existing.currentVersion },
    ...(signature === undefined ? {} : { signature }),
  };
}
