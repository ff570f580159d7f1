import type { SkillScope } from '../api/client.ts';
import { skillPath } from '../skills/skill-path.ts';

/** The skill page with its Files tab open on one file. */
export function skillFilePath(skill: { name: string; scope: SkillScope }, path: string): string {
  return `${skillPath(skill)}&tab=files&file=${encodeURIComponent(path)}`;
}
