import { describe, expect, it } from 'vitest';
import { groupFindings } from './group-findings.ts';
import type { DoctorFinding, DoctorReport } from './use-doctor-report.ts';

function finding(overrides: Partial<DoctorFinding>): DoctorFinding {
  return {
    code: 'missing_trigger_cue',
    severity: 'info',
    category: 'trigger',
    message: 'A message.',
    fix: 'A fix.',
    ...overrides,
  };
}

function report(parts: Partial<DoctorReport>): DoctorReport {
  return {
    skills: [],
    set: [],
    budgets: [],
    summary: { skills: 0, errors: 0, warnings: 0, info: 0, codes: {} },
    ...parts,
  };
}

describe('groupFindings', () => {
  it('puts errors first, then warnings and suggestions, each by category, with the skill’s scope', () => {
    const groups = groupFindings(
      report({
        skills: [
          {
            name: 'risky',
            scope: 'workspace',
            path: 'skill://risky',
            valid: true,
            findings: [
              finding({ skill: 'risky', file: 'SKILL.md', line: 3 }),
              finding({
                code: 'instruction_override',
                severity: 'warning',
                category: 'content',
                skill: 'risky',
                file: 'SKILL.md',
                line: 8,
              }),
            ],
          },
          {
            name: 'broken',
            scope: 'personal',
            path: 'skill://broken',
            valid: false,
            findings: [finding({ code: 'invalid_skill', severity: 'error', category: 'format' })],
          },
        ],
        set: [
          finding({ code: 'budget_usage', category: 'budget' }),
          finding({ code: 'budget_skills_omitted', severity: 'warning', category: 'budget' }),
        ],
      }),
    );
    expect(
      groups.map((group) => ({
        title: group.title,
        count: group.count,
        categories: group.categories.map((each) => ({
          title: each.title,
          findings: each.findings.map((one) => `${one.code} ${one.scope ?? '-'}`),
        })),
      })),
    ).toEqual([
      {
        title: 'Errors',
        count: 1,
        categories: [{ title: 'Format', findings: ['invalid_skill personal'] }],
      },
      {
        title: 'Warnings',
        count: 2,
        categories: [
          { title: 'Content risks', findings: ['instruction_override workspace'] },
          { title: 'Catalog budget', findings: ['budget_skills_omitted -'] },
        ],
      },
      {
        title: 'Suggestions',
        count: 1,
        categories: [{ title: 'Triggers', findings: ['missing_trigger_cue workspace'] }],
      },
    ]);
  });

  it('finds nothing to act on when the set only reports its budget use', () => {
    const groups = groupFindings(
      report({
        skills: [{ name: 'ok', scope: 'builtin', path: 'x', valid: true, findings: [] }],
        set: [finding({ code: 'budget_usage', category: 'budget' })],
      }),
    );
    expect(groups).toEqual([]);
  });
});
