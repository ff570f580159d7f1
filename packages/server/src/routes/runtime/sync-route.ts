import { createRoute, z } from '@hono/zod-openapi';
import type { SkillEntry } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { listAllowedEntries } from '../../runtime/workspace-gate.ts';
import { resolveSkillCaller } from '../skills/skill-caller.ts';
import { workspaceQuery } from './runtime-schemas.ts';
import { syncManifestSchema } from './sync-manifest-schema.ts';

const getSyncManifest = createRoute({
  method: 'get',
  path: '/api/sync',
  tags: ['runtime'],
  summary:
    'The skills the caller may use (a slash command or the model) and read with nobody asked, each with its version and every file’s sha256: what `skillset sync` installs',
  request: { query: z.strictObject({ workspace: workspaceQuery }) },
  responses: {
    200: {
      description:
        'The manifest; fetch each file from /api/skills/{name}/files/{path}?scope=&version= and check it against its sha256',
      content: { 'application/json': { schema: syncManifestSchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

/** Registers `GET /api/sync`. */
export function registerSyncRoute(app: ApiApp, runtime: SkillRuntime) {
  const { store } = runtime;
  app.openapi(getSyncManifest, async (context) => {
    const { principal } = context.var;
    const [scope, caller, workspace] = await Promise.all([
      runtime.open(principal),
      resolveSkillCaller(runtime, principal),
      store.workspaces.get(principal.workspaceId),
    ]);
    const usable = new Map<string, SkillEntry>();
    for (const entryPoint of ['use_skill', 'slash_command'] as const) {
      for (const entry of await listAllowedEntries(scope.skills, scope.policy, entryPoint)) {
        usable.set(entry.name, entry);
      }
    }
    const installable = [];
    for (const entry of [...usable.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      // An installed copy is used with nobody asked: a skill whose text needs approval stays here.
      const read = await scope.gate.decide(entry, 'api_read');
      if (!read.allowed || read.requiresApproval) continue;
      const stored = scope.skills.storedSkill(entry);
      if (stored !== undefined) installable.push(stored);
    }
    // One query for every file list (it was three per skill).
    const filesOf = await store.skills.listFilesOfVersions({
      ...caller.access,
      versions: installable.map((stored) => ({ id: stored.id, version: stored.currentVersion })),
    });
    const skills = [];
    for (const stored of installable) {
      const files = filesOf.get(stored.id);
      if (files === undefined) continue;
      skills.push({
        name: stored.name,
        scope: stored.scope,
        version: stored.currentVersion,
        files: files.map((file) => ({ path: file.path, size: file.size, sha256: file.hash })),
      });
    }
    return context.json(
      {
        workspace: { id: principal.workspaceId, name: workspace?.name ?? principal.workspaceId },
        skills,
      },
      200,
    );
  });
}
