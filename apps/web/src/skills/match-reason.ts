import type { SkillSummary } from '../api/client.ts';

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  description: 'description',
  tags: 'tags',
  category: 'category',
};

/** Why a search found a skill, in words: `Matched “changelog” in the description`. */
export function matchReason(match: SkillSummary['match']): string | undefined {
  if (match === undefined || match.length === 0) return undefined;
  const parts = match.map(
    (each) =>
      `${each.words.map((word) => `“${word}”`).join(', ')} in the ${FIELD_NAMES[each.field] ?? each.field}`,
  );
  return `Matched ${parts.join('; ')}`;
}
