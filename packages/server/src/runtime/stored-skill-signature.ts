import { type SkillSignatureStatus, SkillsetError, verifySkillSignature } from '@skillset/core';
import type { SkillAccess, Store, StoredSkill } from '@skillset/store';
import { createExpiringCache } from './expiring-cache.ts';
import type { WorkspaceTrust } from './workspace-trust.ts';

/** How long a verified status is reused: a signer's validity dates are checked again after it. */
const STATUS_TTL_MS = 10 * 60 * 1000;

// Versions are immutable, so a status holds per (version, trust) on every registry and request.
const statuses = createExpiringCache<SkillSignatureStatus>(STATUS_TTL_MS);

/** Options for {@link storedSkillSignature}. */
export interface StoredSkillSignatureOptions {
  store: Store;
  access: SkillAccess;
  skill: Pick<StoredSkill, 'id' | 'name' | 'currentVersion'>;
  /** The version to check; default the current one. */
  version?: number;
  trust: WorkspaceTrust;
}

/**
 * The signature status of a stored skill version against a workspace's trusted signers, over all
 * of the version's files; verified once per (version, trust) and cached.
 */
export function storedSkillSignature(
  options: StoredSkillSignatureOptions,
): Promise<SkillSignatureStatus> {
  const { store, access, skill, trust } = options;
  const version = options.version ?? skill.currentVersion;
  return statuses.get(`${skill.id}@${version}|${trust.key}`, async () => {
    const files = await store.skills.readFiles({ ...access, id: skill.id, version });
    if (files === undefined) {
      throw new SkillsetError({
        code: 'skill_not_found',
        message: `Version ${version} of skill ${JSON.stringify(skill.name)} no longer exists.`,
        details: { name: skill.name, version },
      });
    }
    return verifySkillSignature({
      name: skill.name,
      files: files.map((file) => ({ path: file.path, bytes: file.content })),
      trust: trust.signers,
    });
  });
}
