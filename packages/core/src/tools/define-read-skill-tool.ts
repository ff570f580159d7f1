import { z } from 'zod';
import type { SkillIssue } from '../skill/skill-issue.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import type { ManagementContext } from './management-context.ts';
import type { SkillTool } from './skill-tool.ts';
import { formatIssues, toolSuccess } from './tool-result.ts';

/** What `read_skill` returns besides the text. */
export interface ReadSkillData {
  name: string;
  text: string;
  enabled: boolean;
  writable: boolean;
  files: string[];
  issues: SkillIssue[];
}

/** Builds `read_skill {skill}`: the whole SKILL.md of a skill to manage, with its state, files and issues. */
export function defineReadSkillTool(context: ManagementContext): SkillTool<ReadSkillData> {
  const { registry, gate, store } = context;
  return defineSkillTool({
    name: 'read_skill',
    description:
      'Read the whole SKILL.md of a skill (frontmatter included) with its files and validation issues, before changing it with update_skill.',
    input: z.object({ skill: z.string().min(1).describe('The skill to read.') }).strict(),
    async run({ skill }) {
      const gated = await gate.authorize(skill, 'manage_tool', 'read_skill', {
        includeInvalid: true,
      });
      if (!gated.ok) return gated.failure;
      const { entry } = gated;
      const loaded = await registry.loadSkill(entry);
      const files = (await registry.listFiles(entry).catch(() => [])).map((file) => file.path);
      const enabled = await store.isEnabled(entry.name);
      const writable = (await store.read(entry.name)) !== undefined;
      const state = [
        entry.scope,
        enabled ? 'enabled' : 'disabled',
        ...(writable ? [] : ['read-only']),
      ].join(', ');
      const sections = [`Skill ${JSON.stringify(entry.name)} (${state})`];
      if (files.length > 0) sections.push(`Files: ${files.join(', ')}`);
      if (loaded.issues.length > 0) sections.push(`Issues:\n${formatIssues(loaded.issues)}`);
      sections.push(`SKILL.md:\n${loaded.text}`);
      return toolSuccess(sections.join('\n\n'), {
        name: entry.name,
        text: loaded.text,
        enabled,
        writable,
        files,
        issues: loaded.issues,
      });
    },
  });
}
