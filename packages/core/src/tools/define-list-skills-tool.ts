import { z } from 'zod';
import type { SkillScope } from '../skill/skill-scope.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import type { ManagementContext } from './management-context.ts';
import type { SkillTool } from './skill-tool.ts';
import { toolSuccess } from './tool-result.ts';

/** One skill as `list_skills` reports it. */
export interface ListedSkill {
  name: string;
  description: string;
  scope: SkillScope;
  tags: string[];
  enabled: boolean;
  valid: boolean;
  /** True when the writable store holds it (it can be updated or deleted). */
  writable: boolean;
}

/** Builds `list_skills {tag?, include_disabled?}`: the skills the principal may manage. */
export function defineListSkillsTool(
  context: ManagementContext,
): SkillTool<{ skills: ListedSkill[] }> {
  const { gate, store } = context;
  return defineSkillTool({
    name: 'list_skills',
    description:
      'List the skills you can manage, with scope, tags and state (disabled, invalid, read-only). Disabled skills are left out unless include_disabled is true.',
    input: z
      .object({
        tag: z.string().min(1).optional().describe('Only skills with this tag.'),
        include_disabled: z.boolean().optional().describe('Also list disabled skills.'),
      })
      .strict(),
    async run({ tag, include_disabled: includeDisabled = false }) {
      const held = new Set((await store.list()).map((name) => name.toLowerCase()));
      const wanted = tag?.toLowerCase();
      const skills: ListedSkill[] = [];
      for (const entry of await gate.list('manage_tool', { includeInvalid: true })) {
        const tags = entry.manifest?.tags ?? [];
        if (wanted !== undefined && !tags.some((each) => each.toLowerCase() === wanted)) continue;
        const enabled = await store.isEnabled(entry.name);
        if (!enabled && !includeDisabled) continue;
        skills.push({
          name: entry.name,
          description: entry.description,
          scope: entry.scope,
          tags,
          enabled,
          valid: entry.valid,
          writable: held.has(entry.name.toLowerCase()),
        });
      }
      if (skills.length === 0) {
        return toolSuccess(
          tag === undefined ? 'No skills.' : `No skills tagged ${JSON.stringify(tag)}.`,
          {
            skills,
          },
        );
      }
      const lines = skills.map((skill) => {
        const flags = [
          skill.scope,
          ...(skill.enabled ? [] : ['disabled']),
          ...(skill.valid ? [] : ['invalid']),
          ...(skill.writable ? [] : ['read-only']),
        ];
        const tags = skill.tags.length === 0 ? '' : ` #${skill.tags.join(' #')}`;
        return `- ${skill.name} (${flags.join(', ')})${tags}: ${skill.description}`;
      });
      return toolSuccess(lines.join('\n'), { skills });
    },
  });
}
