import { parseTrustedSigners, type TrustedSigners } from '@skillset/core';
import type { Store, WorkspaceSettings } from '@skillset/store';

/** The signers a workspace trusts, parsed from its settings, with a key that is equal for equal lines. */
export interface WorkspaceTrust {
  signers: TrustedSigners;
  key: string;
}

/**
 * Parses a workspace's `trustedSigners` and `revokedSigners` lines; bad lines were refused when
 * saved, so any left (from an older server) are skipped here.
 */
export function workspaceTrust(settings: WorkspaceSettings): WorkspaceTrust {
  const trustedSigners = settings.trustedSigners ?? [];
  const revokedSigners = settings.revokedSigners ?? [];
  const { trust } = parseTrustedSigners({ trustedSigners, revokedSigners });
  return { signers: trust, key: JSON.stringify([trustedSigners, revokedSigners]) };
}

/** The trust of a workspace read from the store; a workspace that is gone trusts no one. */
export async function loadWorkspaceTrust(
  store: Store,
  workspaceId: string,
): Promise<WorkspaceTrust> {
  const workspace = await store.workspaces.get(workspaceId);
  return workspaceTrust(workspace?.settings ?? { skillsEnabled: true });
}
