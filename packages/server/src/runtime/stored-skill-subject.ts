import { createManifest, type PolicySubject, type SkillManifest } from '@skillset/core';
import type { StoredSkillScope } from '@skillset/store';

/** What the store knows of a skill that policy decides on; a `StoredSkill` fits as it is. */
export interface StoredSubjectSource {
  scope: StoredSkillScope | PolicySubject['scope'];
  /** The manifest, or just the name for a skill not parsed yet. */
  manifest?: SkillManifest;
  name?: string;
  description?: string;
  enabled?: boolean;
  /** The owner of a personal skill. */
  ownerUserId?: string | null;
}

/**
 * The server's policy subject of a skill: its manifest, scope, the store's enabled switch and
 * owner, and the content-risk codes once scanned. The one place the server builds a subject.
 */
export function storedSkillSubject(
  skill: StoredSubjectSource,
  contentRisks?: readonly string[],
): PolicySubject {
  const name = skill.manifest?.name ?? skill.name;
  if (name === undefined) throw new TypeError('a policy subject needs a manifest or a name');
  const subject: PolicySubject = {
    manifest: skill.manifest ?? createManifest({ name, description: skill.description ?? '' }),
    scope: skill.scope,
    enabled: skill.enabled ?? true,
  };
  if (skill.ownerUserId != null) subject.ownerId = skill.ownerUserId;
  if (contentRisks !== undefined) subject.contentRisks = [...contentRisks];
  return subject;
}
