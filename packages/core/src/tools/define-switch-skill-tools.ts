import { z } from 'zod';
import { defineSkillTool } from './define-skill-tool.ts';
import type { ManagementContext } from './management-context.ts';
import type { SkillTool } from './skill-tool.ts';
import { toolSuccess } from './tool-result.ts';

/** Builds `enable_skill` and `disable_skill`: the skill's on/off switch, kept by the store. */
export function defineSwitchSkillTools(
  context: ManagementContext,
): SkillTool<{ name: string; enabled: boolean }>[] {
  const { gate, store, afterWrite } = context;
  const define = (enabled: boolean) => {
    const name = enabled ? 'enable_skill' : 'disable_skill';
    return defineSkillTool({
      name,
      description: enabled
        ? 'Switch a disabled skill back on, so it can be listed and used again.'
        : 'Switch a skill off without deleting it: it is no longer listed or usable until enabled again.',
      input: z.object({ skill: z.string().min(1).describe('The skill to switch.') }).strict(),
      async run({ skill }) {
        const gated = await gate.authorize(skill, 'manage_tool', name, { includeInvalid: true });
        if (!gated.ok) return gated.failure;
        const { entry } = gated;
        const data = { name: entry.name, enabled };
        if ((await store.isEnabled(entry.name)) === enabled) {
          return toolSuccess(
            `Skill ${JSON.stringify(entry.name)} is already ${enabled ? 'enabled' : 'disabled'}.`,
            data,
          );
        }
        await store.setEnabled(entry.name, enabled);
        await afterWrite();
        return toolSuccess(
          `${enabled ? 'Enabled' : 'Disabled'} skill ${JSON.stringify(entry.name)}.`,
          data,
        );
      },
    });
  };
  return [define(true), define(false)];
}
