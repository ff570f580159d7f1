import type { SkillRevision, WithheldSecret } from '@skillset/store';

/** A version's content address as people read it: `sha256:` and its first 12 hex digits. */
function shortDigest(digest: string): string {
  const hex = digest.startsWith('sha256:') ? digest.slice('sha256:'.length) : digest;
  return `sha256:${hex.slice(0, 12)}`;
}

/**
 * Why a run did not get a secret bound to its skill, for the model, the person and the audit log:
 * the revision that ran is not the one an admin approved, and where an admin approves it.
 */
export function withheldSecretReason(
  skill: string,
  revision: SkillRevision,
  secret: WithheldSecret,
): string {
  const approved =
    secret.approved === undefined
      ? 'no revision of it was approved by an admin yet'
      : secret.approved.skillId === revision.skillId
        ? `an admin approved version ${secret.approved.version} (${shortDigest(secret.approved.digest)}), not this one`
        : 'an admin approved another skill of that name, not this one';
  return `${secret.name} is bound to skill ${skill}, but its revision version ${revision.version} (${shortDigest(revision.digest)}) was not approved by an admin for it (${approved}); an admin approves it on the Secrets page.`;
}
