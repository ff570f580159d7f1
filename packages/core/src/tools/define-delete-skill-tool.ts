import { z } from 'zod';
import { defineSkillTool } from './define-skill-tool.ts';
import { type ManagementContext, notInStore } from './management-context.ts';
import type { SkillTool } from './skill-tool.ts';
import { toolSuccess } from './tool-result.ts';

/** Builds `delete_skill`: removes a stored skill and its files. */
export function defineDeleteSkillTool(context: ManagementContext): SkillTool<{ name: string }> {
  const { gate, store, afterWrite } = context;
  return defineSkillTool({
    name: 'delete_skill',
    description:
      'Delete a skill and all its files. This cannot be undone; confirm with the user first.',
    input: z.object({ skill: z.string().min(1).describe('The skill to delete.') }).strict(),
    async run({ skill }) {
      const gated = await gate.authorize(skill, 'manage_tool', 'delete_skill', {
        includeInvalid: true,
      });
      if (!gated.ok) return gated.failure;
      const { entry } = gated;
      if ((await store.read(entry.name)) === undefined) return notInStore(entry, store);
      await store.delete(entry.name);
      await afterWrite();
      return toolSuccess(`Deleted skill ${JSON.stringify(entry.name)}.`, { name: entry.name });
    },
  });
}
