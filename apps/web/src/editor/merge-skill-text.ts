import {
  type FrontmatterField,
  readFrontmatterFields,
  spliceFrontmatterField,
} from './frontmatter-fields.ts';
import { joinSkillParts, readSkillParts, type SkillTextParts } from './skill-text-parts.ts';

/** Whose text a merged part comes from. */
export type MergeSide = 'mine' | 'theirs';

/** What a part is: a frontmatter field, the whole frontmatter (when not readable field by field) or the body. */
export type MergePartKind = 'field' | 'frontmatter' | 'body';

/** One part of a `SKILL.md` that differs between the versions, with its text on each side. */
export interface MergePart {
  /** `body`, `frontmatter`, or `field:<name>`. */
  id: string;
  kind: MergePartKind;
  /** The field's name, or `body` / `frontmatter`. */
  name: string;
  /** The part as written in each version; undefined where the field is absent. */
  base: string | undefined;
  mine: string | undefined;
  theirs: string | undefined;
}

/** The outcome of a three-way merge: what merged on its own and what the user must choose. */
export interface SkillMerge {
  /** Parts changed on one side only (or the same way on both), and the side they were taken from. */
  merged: Array<MergePart & { from: MergeSide }>;
  /** Parts changed differently on both sides. */
  conflicts: MergePart[];
  /** The texts merged; {@link resolveSkillMerge} builds the result from them. */
  texts: { mine: string; theirs: string };
}

/** Options of {@link mergeSkillText}. */
export interface MergeSkillTextOptions {
  /** The version both edits started from. */
  base: string;
  /** The edit not saved yet. */
  mine: string;
  /** The version saved meanwhile. */
  theirs: string;
}

interface Side {
  parts: SkillTextParts;
  fields: FrontmatterField[] | undefined;
}

function readSide(text: string): Side {
  const parts = readSkillParts(text);
  return { parts, fields: readFrontmatterFields(parts.frontmatter) };
}

const fieldLines = (side: Side, field: FrontmatterField | undefined) =>
  field === undefined ? undefined : side.parts.frontmatter.slice(field.start, field.end);

/** Every part of three versions with a comparable value on each side, in the order of `mine`. */
function partsOf(base: Side, mine: Side, theirs: Side) {
  const compared: Array<{ part: MergePart; values: [unknown, unknown, unknown] }> = [];
  const sides = [base, mine, theirs] as const;
  if (base.fields === undefined || mine.fields === undefined || theirs.fields === undefined) {
    const [b, m, t] = sides.map((side) => side.parts.frontmatter);
    const part = { id: 'frontmatter', kind: 'frontmatter' as const, name: 'frontmatter' };
    compared.push({ part: { ...part, base: b, mine: m, theirs: t }, values: [b, m, t] });
  } else {
    const names = [
      ...new Set(
        [mine, theirs, base].flatMap((side) => side.fields ?? []).map((field) => field.key),
      ),
    ];
    for (const name of names) {
      const found = sides.map((side) => side.fields?.find((field) => field.key === name));
      const [b, m, t] = sides.map((side, index) => fieldLines(side, found[index]));
      const values = found.map((field) =>
        field === undefined ? undefined : JSON.stringify(field.value),
      ) as [unknown, unknown, unknown];
      compared.push({
        part: { id: `field:${name}`, kind: 'field', name, base: b, mine: m, theirs: t },
        values,
      });
    }
  }
  const [b, m, t] = sides.map((side) => side.parts.body);
  const body = { id: 'body', kind: 'body' as const, name: 'body' };
  compared.push({ part: { ...body, base: b, mine: m, theirs: t }, values: [b, m, t] });
  return compared;
}

/**
 * Merges two edits of one `SKILL.md` field by field (each top-level frontmatter field, and the
 * body as one part): a part changed on one side only takes that side; a part changed differently
 * on both sides is a conflict for the user to settle.
 */
export function mergeSkillText({ base, mine, theirs }: MergeSkillTextOptions): SkillMerge {
  const merge: SkillMerge = { merged: [], conflicts: [], texts: { mine, theirs } };
  for (const { part, values } of partsOf(readSide(base), readSide(mine), readSide(theirs))) {
    const [b, m, t] = values;
    if (m === t) continue;
    if (m === b) merge.merged.push({ ...part, from: 'theirs' });
    else if (t === b) merge.merged.push({ ...part, from: 'mine' });
    else merge.conflicts.push(part);
  }
  return merge;
}

/** The merged `SKILL.md`: their text with my side of each part merged from mine or chosen so. */
export function resolveSkillMerge(
  merge: SkillMerge,
  choices: Readonly<Record<string, MergeSide>>,
): string {
  const mine = readSide(merge.texts.mine);
  const result = readSkillParts(merge.texts.theirs);
  const taken = [
    ...merge.merged.filter((part) => part.from === 'mine'),
    ...merge.conflicts.filter((part) => choices[part.id] === 'mine'),
  ];
  for (const part of taken) {
    if (part.kind === 'body') result.body = mine.parts.body;
    else if (part.kind === 'frontmatter') result.frontmatter = mine.parts.frontmatter;
    else {
      const present = new Set(readFrontmatterFields(result.frontmatter)?.map((field) => field.key));
      const earlier = (mine.fields ?? []).map((field) => field.key);
      const after = earlier
        .slice(0, earlier.indexOf(part.name))
        .findLast((name) => present.has(name));
      const spliced = spliceFrontmatterField(result.frontmatter, part.name, part.mine, after);
      if (spliced !== undefined) result.frontmatter = spliced;
    }
  }
  if (taken.some((part) => part.kind !== 'body') && !result.hasFrontmatter) {
    return joinSkillParts({ ...mine.parts, frontmatter: result.frontmatter, body: result.body });
  }
  return joinSkillParts(result);
}
