import {
  createPolicyGate,
  type PolicyGate,
  type SkillEntry,
  type SkillEntryPoint,
} from '@skillset/core';
import type { ResolvedPolicy } from './policy-resolver.ts';
import { receivesSecrets } from './receives-secrets.ts';
import { storedSkillSubject } from './stored-skill-subject.ts';
import type { WorkspaceSkills } from './workspace-skills.ts';

/**
 * Core's policy gate for one workspace registry and one principal's policy, with the store's
 * subjects (enabled switch, owner, content risks scanned where the content is, and under
 * `requireSigned` the signature checked against the workspace's trusted signers); built once per
 * registry version and policy. Every surface of the server reaches skills through it.
 */
export function workspaceGate(skills: WorkspaceSkills, policy: ResolvedPolicy): PolicyGate {
  return skills.derived(`${policy.key}|gate`, () =>
    createPolicyGate({
      registry: skills.registry,
      policy: policy.context,
      trust: policy.trust.signers,
      subjectOf: async (entry: SkillEntry) => {
        if (policy.context.contentRisks === 'block') await skills.scanContentRisks([entry]);
        const stored = skills.storedSkill(entry);
        const subject = storedSkillSubject(
          {
            scope: entry.scope,
            name: entry.name,
            description: entry.description,
            ...(entry.manifest === undefined ? {} : { manifest: entry.manifest }),
            ...(stored === undefined
              ? {}
              : { enabled: stored.enabled, ownerUserId: stored.ownerUserId }),
          },
          skills.contentRisksOf(entry),
        );
        if (policy.context.requireSigned === true) {
          subject.signature = await skills.signatureOf(entry, policy.trust);
        }
        // Secrets bound to the skill reach its scripts, so they count as its variables.
        const provided = receivesSecrets(entry)
          ? policy.secretEnv.get(entry.name.toLowerCase())
          : undefined;
        return provided === undefined ? subject : { ...subject, providedEnv: provided };
      },
    }),
  );
}

/** The valid entries (winners only) the principal may reach through an entry point; cached per registry version and policy. */
export function listAllowedEntries(
  skills: WorkspaceSkills,
  policy: ResolvedPolicy,
  entryPoint: SkillEntryPoint,
): Promise<SkillEntry[]> {
  return skills.derived(`${policy.key}|allowed|${entryPoint}`, async () => {
    // One scan of every entry, 16 at a time, before the gate decides them one by one.
    if (policy.context.contentRisks === 'block') {
      await skills.scanContentRisks((await skills.registry.list()).filter((entry) => entry.valid));
    }
    if (policy.context.requireSigned === true) {
      const entries = (await skills.registry.list()).filter((entry) => entry.valid);
      await skills.checkSignatures(entries, policy.trust);
    }
    return workspaceGate(skills, policy).list(entryPoint);
  });
}
