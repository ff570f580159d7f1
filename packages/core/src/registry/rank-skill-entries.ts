import { compareScopes } from '../skill/skill-scope.ts';
import type { SkillRecord } from '../source/skill-source.ts';
import type { SkillEntry, SkillShadow } from './skill-entry.ts';

/** A source's record with the position of its source in the registry's list. */
export interface RankableRecord {
  record: SkillRecord;
  sourceId: string;
  sourceIndex: number;
  scope: SkillEntry['scope'];
}

/** Orders records of one name by precedence: higher scope, then earlier source, then folder path. */
export function compareRankableRecords(a: RankableRecord, b: RankableRecord): number {
  const byScope = compareScopes(b.scope, a.scope);
  if (byScope !== 0) return byScope;
  if (a.sourceIndex !== b.sourceIndex) return a.sourceIndex - b.sourceIndex;
  if (a.record.path === b.record.path) return 0;
  return a.record.path < b.record.path ? -1 : 1;
}

/**
 * Keeps the first of records that are the same real folder: one reached through a symbolic link
 * (`realPath`) and one at that real path, or two links to it. Paths alone are not compared, since
 * memory sources use virtual paths that may repeat.
 */
function dropSameFolder(ordered: readonly RankableRecord[]): RankableRecord[] {
  const plain = new Set<string>();
  const linked = new Set<string>();
  return ordered.filter(({ record }) => {
    const real = record.realPath;
    if (real === undefined) {
      if (linked.has(record.path)) return false;
      plain.add(record.path);
      return true;
    }
    if (linked.has(real) || plain.has(real)) return false;
    linked.add(real);
    return true;
  });
}

/** Turns the records of one name into entries, winner first, with `shadows` and `shadowedBy` filled. */
export function rankSkillEntries(records: readonly RankableRecord[]): SkillEntry[] {
  const ordered = dropSameFolder([...records].sort(compareRankableRecords));
  const references: SkillShadow[] = ordered.map((item) => ({
    name: item.record.name,
    scope: item.scope,
    sourceId: item.sourceId,
    path: item.record.path,
  }));
  const winner = references[0];
  return ordered.map((item, index) => {
    const { record } = item;
    const entry: SkillEntry = {
      name: record.name,
      description: record.description,
      valid: record.valid,
      issues: record.issues,
      scope: item.scope,
      sourceId: item.sourceId,
      path: record.path,
      skillFile: record.skillFile,
      shadows: index === 0 ? references.slice(1) : [],
    };
    if (record.manifest !== undefined) entry.manifest = record.manifest;
    if (record.size !== undefined) entry.size = record.size;
    if (record.mtimeMs !== undefined) entry.mtimeMs = record.mtimeMs;
    if (record.origin !== undefined) entry.origin = record.origin;
    if (index > 0 && winner !== undefined) entry.shadowedBy = winner;
    return entry;
  });
}
