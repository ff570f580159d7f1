import { describe, expect, it } from 'vitest';
import { groupTraceEntries } from './group-trace-entries.ts';

const over = 'Left out: the catalog budget of 300 tokens was used by skills ranked higher.';
const leftOut = (skill: string) => ({ skill, listed: false, reason: over });
const denied = { skill: 'b-denied', listed: false, reason: 'Rule: deny "b-denied".' };

describe('groupTraceEntries', () => {
  it('groups the entries that share a reason where the first of them was, across others', () => {
    const rows = groupTraceEntries([leftOut('a'), denied, leftOut('c'), leftOut('d')]);
    expect(rows).toEqual([
      {
        kind: 'group',
        reason: over,
        listed: false,
        entries: [leftOut('a'), leftOut('c'), leftOut('d')],
      },
      { kind: 'entry', entry: denied },
    ]);
  });

  it('keeps fewer than the minimum as one row each', () => {
    expect(groupTraceEntries([leftOut('a'), leftOut('b'), denied])).toEqual([
      { kind: 'entry', entry: leftOut('a') },
      { kind: 'entry', entry: leftOut('b') },
      { kind: 'entry', entry: denied },
    ]);
  });

  it('does not group a listed entry with a hidden one of the same reason', () => {
    const listed = { skill: 'x', listed: true, reason: over };
    expect(groupTraceEntries([leftOut('a'), leftOut('b'), listed], 3)).toHaveLength(3);
  });

  it('turns an empty trace into no rows', () => {
    expect(groupTraceEntries([])).toEqual([]);
  });
});
