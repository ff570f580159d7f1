import { z } from '@hono/zod-openapi';

const syncFileSchema = z.object({
  path: z.string(),
  size: z.int(),
  sha256: z.string(),
});

/**
 * What `GET /api/sync` answers: the skills the caller may use, with every file's digest. The
 * server declares its answer with it and `skillset sync` checks what it receives against it.
 */
export const syncManifestSchema = z
  .object({
    workspace: z.object({ id: z.string(), name: z.string() }),
    skills: z.array(
      z.object({
        name: z.string(),
        scope: z.string(),
        version: z.int(),
        files: z.array(syncFileSchema).openapi({ description: 'Every file, SKILL.md included.' }),
      }),
    ),
  })
  .openapi('SyncManifest');

/** A sync manifest, as {@link syncManifestSchema} declares it. */
export type SyncManifest = z.infer<typeof syncManifestSchema>;

/** One skill of a {@link SyncManifest}. */
export type SyncManifestSkill = SyncManifest['skills'][number];
