import { describe, expect, it } from 'vitest';
import { describeEvalMode, formatShare, type TriggerEvalReport } from './trigger-eval-text.ts';

const report: TriggerEvalReport = {
  skill: 'release-notes',
  mode: 'offline',
  top: 3,
  skillCount: 12,
  runs: 1,
  cases: [],
  precision: null,
  recall: 0.75,
  passAtK: 0.75,
  passAllK: 0.75,
  passed: 3,
  failed: 1,
};

describe('formatShare', () => {
  it('rounds a share to a whole percentage and shows nothing measured as an em dash', () => {
    expect([formatShare(0.666), formatShare(1), formatShare(0), formatShare(null)]).toEqual([
      '67%',
      '100%',
      '0%',
      '—',
    ]);
  });
});

describe('describeEvalMode', () => {
  it('names the ranked search, its cut-off and the catalog size offline', () => {
    expect(describeEvalMode(report)).toBe('Ranked search, top 3 of 12 skills');
  });

  it('names the model and its runs per query with a model', () => {
    expect(
      describeEvalMode({
        ...report,
        mode: 'model',
        model: 'openai:gpt-4.1',
        runs: 1,
        skillCount: 1,
      }),
    ).toBe('Model openai:gpt-4.1, 1 run per query, choosing among 1 skill');
  });
});
