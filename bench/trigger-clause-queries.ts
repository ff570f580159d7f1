import type { CatalogSkill } from '@skillset/core';
import type { SelectionQuery } from './selection.ts';

// "Use when …", "Use this skill whenever …", "Trigger for …": where a description says when to use it.
const triggerClause =
  /\b(?:use|invoke|trigger|activate|apply)(?: this skill| this| it| the skill)?(?: only)?\s+(?:when(?:ever)?|if|for|to)\b/i;

/**
 * A check set no one wrote for tuning (docs/decisions/0144): for each corpus skill that no dev
 * query expects, the clause of its description that says when to use it, in the first person
 * ("the user asks to …" → "I asks to …"), is the query; that sentence is left out of the indexed
 * description. Skills without such a clause of 4–40 words give no query.
 */
export function makeTriggerClauseSet(
  corpus: readonly CatalogSkill[],
  excluded: ReadonlySet<string>,
): { skills: CatalogSkill[]; queries: SelectionQuery[] } {
  const queries: SelectionQuery[] = [];
  const skills = corpus.map((skill, position) => {
    if (excluded.has(skill.name)) return skill;
    const description = skill.description.replace(/\s+/g, ' ').trim();
    const match = triggerClause.exec(description);
    if (match === null) return skill;
    const clauseStart = match.index + match[0].length;
    const rest = description.slice(clauseStart);
    const end = rest.search(/[.;](?:\s|$)/);
    const clause = (end < 0 ? rest : rest.slice(0, end)).replace(/^[\s:,-]+/, '').trim();
    const words = clause.split(/\s+/).length;
    if (words < 4 || words > 40) return skill;
    const query = clause
      .replace(/\b(?:the |a )?users?\b|\bsomeone\b|\byou\b/gi, 'I')
      .replace(/\btheir\b/gi, 'my');
    queries.push({ id: `t${position}`, query, expected: [skill.name], difficulty: 'medium' });
    const sentenceEnd = end < 0 ? description.length : clauseStart + end + 1;
    const remaining = `${description.slice(0, match.index)}${description.slice(sentenceEnd)}`;
    return { ...skill, description: remaining.trim() };
  });
  return { skills, queries };
}
