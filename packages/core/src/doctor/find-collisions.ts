import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { createSkillIndex, type SkillIndex } from '../search/create-skill-index.ts';
import type { DoctorFinding } from './doctor-finding.ts';

/** Options for {@link findCollisions}. */
export interface FindCollisionsOptions {
  skills: readonly CatalogSkill[];
  /** The ranker to ask; one is built over `skills` when absent. */
  index?: SkillIndex;
}

/**
 * Asks the project's ranker each skill's own description as a query; when another skill ranks
 * first (or ties), a request worded like the description may go to the other skill. One finding
 * per pair, on the skill that loses.
 */
export function findCollisions(options: FindCollisionsOptions): DoctorFinding[] {
  const { skills } = options;
  const index = options.index ?? createSkillIndex(skills);
  const findings: DoctorFinding[] = [];
  const pairs = new Set<string>();
  for (const skill of skills) {
    const query = skill.description.trim();
    if (query === '') continue;
    const [first, second] = index.rank(query, { limit: 2 });
    if (first === undefined || first.score <= 0) continue;
    const steals = first.skill.name !== skill.name;
    const other = steals
      ? first.skill
      : second !== undefined && second.score >= first.score
        ? second.skill
        : undefined;
    if (other === undefined) continue;
    const key = [skill.name, other.name].sort().join('\0');
    if (pairs.has(key)) continue;
    pairs.add(key);
    findings.push({
      code: 'description_collision',
      severity: 'warning',
      category: 'collision',
      skill: skill.name,
      message: `A request worded like the description of "${skill.name}" ranks "${other.name}" ${steals ? 'first' : 'level with it'}: the two descriptions are too alike to route.`,
      fix: `Make the descriptions tell the skills apart (name what only "${skill.name}" does and when), or merge the two skills.`,
      related: [other.name],
    });
  }
  return findings;
}
