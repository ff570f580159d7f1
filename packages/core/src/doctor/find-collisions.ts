import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { createSkillIndex, type SkillIndex } from '../search/create-skill-index.ts';
import { splitWords, tokenizeText } from '../search/tokenize-text.ts';
import type { DoctorFinding } from './doctor-finding.ts';

/** Options for {@link findCollisions}. */
export interface FindCollisionsOptions {
  skills: readonly CatalogSkill[];
  /** The ranker to ask; one is built over `skills` when absent. */
  index?: SkillIndex;
  /** How close two descriptions may be (0–1, cosine of their weighted terms) before a router confuses them; default 0.5. */
  closeness?: number;
}

/** The default closeness above which two descriptions count as too alike. */
export const DEFAULT_COLLISION_CLOSENESS = 0.5;

// Skills each skill is compared with: the ones the ranker puts closest to its description.
const CANDIDATES = 3;

type TermVector = Map<string, number>;

/** Each skill's name and description as terms weighted by how rare they are in the set (TF-IDF). */
function termVectors(skills: readonly CatalogSkill[]): Map<string, TermVector> {
  const termsOf = new Map(
    skills.map((skill) => [
      skill.name,
      tokenizeText(`${skill.name.replace(/-/g, ' ')} ${skill.description}`),
    ]),
  );
  const documentFrequency = new Map<string, number>();
  for (const terms of termsOf.values()) {
    for (const term of new Set(terms))
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const vectors = new Map<string, TermVector>();
  for (const [name, terms] of termsOf) {
    const vector: TermVector = new Map();
    for (const term of terms) {
      const idf = Math.log(1 + skills.length / (documentFrequency.get(term) ?? 1));
      vector.set(term, (vector.get(term) ?? 0) + idf);
    }
    vectors.set(name, vector);
  }
  return vectors;
}

function cosine(left: TermVector, right: TermVector): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (const [term, weight] of left) {
    leftNorm += weight * weight;
    dot += weight * (right.get(term) ?? 0);
  }
  for (const weight of right.values()) rightNorm += weight * weight;
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm);
}

/** Words of `skill`'s description whose terms the other description lacks: what could tell them apart. */
function ownWords(skill: CatalogSkill, other: CatalogSkill): string[] {
  const otherTerms = new Set(tokenizeText(`${other.name.replace(/-/g, ' ')} ${other.description}`));
  const own = new Set<string>();
  for (const word of splitWords(skill.description)) {
    const [term] = tokenizeText(word);
    if (term !== undefined && !otherTerms.has(term) && word.length > 3) own.add(word);
    if (own.size >= 4) break;
  }
  return [...own];
}

function distinction(skill: CatalogSkill, other: CatalogSkill): string {
  const mine = ownWords(skill, other);
  const theirs = ownWords(other, skill);
  const say = (name: string, words: string[]) =>
    words.length === 0
      ? `what only "${name}" does`
      : `what only "${name}" does (it alone mentions ${words.map((word) => `"${word}"`).join(', ')})`;
  return `Say in each description ${say(skill.name, mine)} and ${say(other.name, theirs)}, and when to use which; or merge the two skills.`;
}

/**
 * Finds skills a router cannot tell apart: descriptions close in their weighted terms (the pair,
 * how close, and a suggested distinction), or a description that ranks another skill first.
 * One finding per pair, on the skill that loses or, for a close pair, the first by name.
 */
export function findCollisions(options: FindCollisionsOptions): DoctorFinding[] {
  const { skills } = options;
  const threshold = options.closeness ?? DEFAULT_COLLISION_CLOSENESS;
  const index = options.index ?? createSkillIndex(skills);
  const vectors = termVectors(skills);
  const findings: DoctorFinding[] = [];
  const pairs = new Set<string>();
  const candidates = skills.map((skill) => ({
    skill,
    ranked:
      skill.description.trim() === ''
        ? []
        : index.rank(skill.description, { limit: CANDIDATES + 1 }).filter((hit) => hit.score > 0),
  }));
  const report = (skill: CatalogSkill, other: CatalogSkill, how: 'first' | 'level' | 'close') => {
    const key = [skill.name, other.name].sort().join('\0');
    if (pairs.has(key)) return;
    pairs.add(key);
    const closeness = cosine(
      vectors.get(skill.name) ?? new Map(),
      vectors.get(other.name) ?? new Map(),
    );
    const percent = Math.round(closeness * 100);
    findings.push({
      code: 'description_collision',
      severity: 'warning',
      category: 'collision',
      skill: skill.name,
      message:
        how === 'close'
          ? `The descriptions of "${skill.name}" and "${other.name}" are ${percent}% alike: a router cannot tell them apart.`
          : `A request worded like the description of "${skill.name}" ranks "${other.name}" ${how === 'first' ? 'first' : 'level with it'} (the descriptions are ${percent}% alike): a router cannot tell them apart.`,
      fix: distinction(skill, other),
      related: [other.name],
    });
  };
  // First the skills that lose their own description to another; then pairs that are too close.
  for (const { skill, ranked } of candidates) {
    const [first, second] = ranked;
    if (first === undefined) continue;
    if (first.skill.name !== skill.name) report(skill, first.skill, 'first');
    else if (second !== undefined && second.score >= first.score)
      report(skill, second.skill, 'level');
  }
  for (const { skill, ranked } of candidates) {
    for (const { skill: other } of ranked) {
      if (other.name === skill.name) continue;
      const closeness = cosine(
        vectors.get(skill.name) ?? new Map(),
        vectors.get(other.name) ?? new Map(),
      );
      if (closeness >= threshold) report(skill, other, 'close');
    }
  }
  return findings;
}
