import type { Schemas } from '../api/client.ts';
import { skillFilePath } from '../skill/skill-file-path.ts';
import { skillPath } from '../skills/skill-path.ts';

/** A scope as reports name it: project skills (folders) have no page of their own. */
export type ReportScope = Schemas['DoctorReport']['skills'][number]['scope'];

/**
 * The page of a skill named in a report: with its scope when known (else the one that wins), and
 * on its Files tab when `file` is one of its other files (SKILL.md is the page itself).
 */
export function skillLinkPath(name: string, scope?: ReportScope, file?: string): string {
  if (scope === undefined || scope === 'project') return `/skills/${encodeURIComponent(name)}`;
  const skill = { name, scope };
  return file === undefined || file === 'SKILL.md' ? skillPath(skill) : skillFilePath(skill, file);
}
