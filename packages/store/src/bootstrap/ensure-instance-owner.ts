import { sql } from 'drizzle-orm';
import type { StoredUser } from '../repositories/users-repository.ts';
import type { StoredWorkspace } from '../repositories/workspaces-repository.ts';
import type { Store } from '../store/store.ts';

/** Options for {@link ensureInstanceOwner}. */
export interface EnsureInstanceOwnerOptions {
  /** Use this secret (e.g. `SKILLSET_ADMIN_TOKEN`) as the owner's token instead of a random one. */
  adminToken?: string;
  workspaceName?: string;
  userName?: string;
}

/** What {@link ensureInstanceOwner} did; `token` is the plaintext, shown once. */
export type EnsureInstanceOwnerResult =
  | { created: false }
  | { created: true; token: string; user: StoredUser; workspace: StoredWorkspace };

/**
 * On first start (no users yet) creates a default workspace, an owner who is instance admin, and
 * the owner's token; several instances starting at once create them once.
 */
export function ensureInstanceOwner(
  store: Store,
  options: EnsureInstanceOwnerOptions = {},
): Promise<EnsureInstanceOwnerResult> {
  return store.transaction(async (transaction) => {
    await transaction.database.execute(
      sql`select pg_advisory_xact_lock(hashtext('skillset_bootstrap'))`,
    );
    if ((await transaction.users.count()) > 0) return { created: false };
    const user = await transaction.users.create({
      name: options.userName ?? 'Owner',
      instanceAdmin: true,
    });
    const workspace = await transaction.workspaces.create({
      name: options.workspaceName ?? 'Default',
      slug: 'default',
    });
    const actor = { kind: 'system', id: 'bootstrap' } as const;
    await transaction.members.add({
      workspaceId: workspace.id,
      userId: user.id,
      role: 'owner',
      actor,
    });
    const { token } = await transaction.tokens.create({
      name: 'owner (first start)',
      principal: { kind: 'user', userId: user.id },
      ...(options.adminToken === undefined ? {} : { secret: options.adminToken }),
      actor,
    });
    return { created: true, token, user, workspace };
  });
}
