import { describe, expect, it } from 'vitest';
import { createSkillIndex } from '../search/create-skill-index.ts';
import { evaluateTriggersOffline } from './evaluate-triggers-offline.ts';
import { checkTriggerEvalThresholds } from './trigger-eval-report.ts';

const skills = [
  {
    name: 'release-notes',
    description: 'Write release notes and changelogs from merged pull requests.',
  },
  { name: 'pdf-forms', description: 'Fill in PDF forms with values the user gives.' },
  { name: 'commit-message', description: 'Write a commit message for staged changes.' },
];

describe('evaluateTriggersOffline', () => {
  const index = createSkillIndex(skills);

  it('counts a should-trigger query as recalled when the skill ranks in the top', () => {
    const report = evaluateTriggersOffline({
      index,
      skill: 'release-notes',
      top: 1,
      cases: [
        { query: 'write the changelog for version 2', shouldTrigger: true },
        { query: 'fill in this pdf form', shouldTrigger: true },
        { query: 'write a commit message', shouldTrigger: false },
      ],
    });
    expect(report.cases.map((each) => [each.rank, each.triggered, each.passed])).toEqual([
      [1, true, true],
      [null, false, false],
      [2, false, true],
    ]);
    expect(report.recall).toBe(0.5);
    expect(report.precision).toBe(1);
    expect(report.passed).toBe(2);
    expect(report.failed).toBe(1);
    expect(report.skillCount).toBe(3);
  });

  it('counts a near-miss that puts the skill on top as a false positive', () => {
    const report = evaluateTriggersOffline({
      index,
      skill: 'commit-message',
      top: 1,
      cases: [
        { query: 'write a commit message', shouldTrigger: true },
        { query: 'explain what a commit message is', shouldTrigger: false },
        { query: 'fill in the pdf form', shouldTrigger: false },
      ],
    });
    expect(report.cases.map((each) => each.triggered)).toEqual([true, true, false]);
    expect(report.precision).toBe(0.5);
    expect(report.recall).toBe(1);
    expect(checkTriggerEvalThresholds(report, { minimumPrecision: 0.8, minimumRecall: 1 })).toEqual(
      ['commit-message: precision 0.50 is below 0.8'],
    );
  });
});
