import type { TraceEntry } from './unavailable-skills.ts';

/** A row of the policy trace: one skill, or the skills that share one reason. */
export type TraceRow =
  | { kind: 'entry'; entry: TraceEntry }
  | { kind: 'group'; reason: string; listed: boolean; entries: TraceEntry[] };

/**
 * The trace as rows, in order: the entries whose reason at least `minimum` entries share become
 * one group row where the first of them was; the others stay one row each.
 */
export function groupTraceEntries(entries: readonly TraceEntry[], minimum = 3): TraceRow[] {
  const shared = new Map<string, TraceEntry[]>();
  for (const entry of entries) {
    const key = `${entry.listed}\u0000${entry.reason}`;
    const same = shared.get(key);
    if (same === undefined) shared.set(key, [entry]);
    else same.push(entry);
  }
  const rows: TraceRow[] = [];
  const placed = new Set<string>();
  for (const entry of entries) {
    const key = `${entry.listed}\u0000${entry.reason}`;
    const group = shared.get(key) ?? [];
    if (group.length < minimum) rows.push({ kind: 'entry', entry });
    else if (!placed.has(key)) {
      placed.add(key);
      rows.push({ kind: 'group', reason: entry.reason, listed: entry.listed, entries: group });
    }
  }
  return rows;
}
