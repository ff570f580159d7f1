import { z } from '@hono/zod-openapi';
import type { Store, StoredSkill } from '@skillset/store';
import { passesGuard } from '../../auth/passes-guard.ts';
import { assertMayWriteSkill } from './assert-may-write-skill.ts';
import type { SkillCaller } from './skill-caller.ts';

/** What the caller may do to one skill, as the write routes decide it. */
export const skillAbilitiesSchema = z
  .object({
    edit: z
      .boolean()
      .openapi({ description: 'Save a new version (a proposal where review is on)' }),
    delete: z.boolean(),
    enable: z.boolean().openapi({ description: 'Switch the skill on or off' }),
  })
  .openapi('SkillAbilities', {
    description: 'What I may do to this skill, decided by the rules its write routes enforce',
  });

/** The caller's abilities on `skill`: each is whether that write's guard would let them through. */
export async function skillAbilitiesOf(store: Store, caller: SkillCaller, skill: StoredSkill) {
  const [edit, remove, enable] = await Promise.all(
    (['edit', 'delete', 'switch'] as const).map((action) =>
      passesGuard(() => assertMayWriteSkill(store, caller, skill, action)),
    ),
  );
  return { edit: edit === true, delete: remove === true, enable: enable === true };
}
