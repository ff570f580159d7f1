import { defineCreateSkillTool } from './define-create-skill-tool.ts';
import { defineDeleteSkillTool } from './define-delete-skill-tool.ts';
import { defineListSkillsTool } from './define-list-skills-tool.ts';
import { defineReadSkillTool } from './define-read-skill-tool.ts';
import { defineSwitchSkillTools } from './define-switch-skill-tools.ts';
import { defineUpdateSkillTool } from './define-update-skill-tool.ts';
import type { ManagementContext } from './management-context.ts';
import type { SkillTool } from './skill-tool.ts';

/** Creates the management tools (`manage` surface) over a writable store. */
export function createManagementTools(context: ManagementContext): SkillTool[] {
  return [
    defineCreateSkillTool(context),
    defineUpdateSkillTool(context),
    defineDeleteSkillTool(context),
    defineListSkillsTool(context),
    defineReadSkillTool(context),
    ...defineSwitchSkillTools(context),
  ] as SkillTool[];
}
