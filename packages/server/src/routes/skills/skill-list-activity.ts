import type { SkillActivity, StoredSkill } from '@skillset/store';
import { storedSkillSignature } from '../../runtime/stored-skill-signature.ts';
import { loadWorkspaceTrust, type WorkspaceTrust } from '../../runtime/workspace-trust.ts';
import type { SkillCaller } from './skill-caller.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';

const USAGE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** How the library sorts: by name, most recently updated first, or most used (30 days) first. */
export type SkillListSort = 'name' | 'updated' | 'uses';

/** The list fields of a skill that live beside it: its last update, 30-day uses and signature. */
export interface SkillListActivity {
  updatedAt: string;
  updatedBy: { id: string; name: string } | null;
  uses30d: number;
  signature: 'signed' | 'unsigned' | 'invalid';
}

/** The activity of listed skills: one query for updates, one for the workspace's 30-day uses. */
export async function loadSkillListActivity(
  dependencies: SkillRouteDependencies,
  caller: SkillCaller,
  skills: readonly StoredSkill[],
) {
  const workspaceId = caller.principal.workspaceId;
  const to = new Date();
  const [activity, counts] = await Promise.all([
    dependencies.store.skills.listActivity({
      ...caller.access,
      ids: skills.map((skill) => skill.id),
    }),
    dependencies.store.usage.counts({
      workspaceId,
      from: new Date(to.getTime() - USAGE_WINDOW_MS),
      to,
    }),
  ]);
  const uses = new Map<string, number>();
  for (const count of counts) {
    const name = count.skillName.toLowerCase();
    uses.set(name, (uses.get(name) ?? 0) + count.count);
  }
  let trust: Promise<WorkspaceTrust> | undefined;
  /** Only skills carrying a `SKILL.sig` are verified (cached per version), on the page shown. */
  const signatureOf = async (skill: StoredSkill): Promise<SkillListActivity['signature']> => {
    if (activity.get(skill.id)?.hasSignature !== true) return 'unsigned';
    trust ??= loadWorkspaceTrust(dependencies.store, workspaceId);
    try {
      const status = await storedSkillSignature({
        store: dependencies.store,
        access: caller.access,
        skill,
        trust: await trust,
      });
      return status.state;
    } catch {
      return 'invalid';
    }
  };
  return {
    usesOf: (skill: StoredSkill) => uses.get(skill.name.toLowerCase()) ?? 0,
    updatedAtOf: (skill: StoredSkill) => updatedAt(activity.get(skill.id), skill),
    async of(skill: StoredSkill): Promise<SkillListActivity> {
      const found = activity.get(skill.id);
      return {
        updatedAt: updatedAt(found, skill).toISOString(),
        updatedBy: found?.updatedBy ?? null,
        uses30d: uses.get(skill.name.toLowerCase()) ?? 0,
        signature: await signatureOf(skill),
      };
    },
  };
}

function updatedAt(activity: SkillActivity | undefined, skill: StoredSkill): Date {
  return activity?.updatedAt ?? skill.updatedAt;
}
