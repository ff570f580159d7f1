import { describe, expect, it } from 'vitest';
import { groupFindings, placeFindings } from './group-findings.ts';
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

describe('placeFindings', () => {
  it('gives skill findings their skill’s scope and leaves out the restated budget use', () => {
    const placed = placeFindings(
      report({
        skills: [
          {
            name: 'risky',
            scope: 'workspace',
            path: 'skill://risky',
            valid: true,
            findings: [finding({ skill: 'risky' })],
          },
        ],
        set: [
          finding({ code: 'budget_usage', category: 'budget' }),
          finding({ code: 'budget_skills_omitted', severity: 'warning', category: 'budget' }),
        ],
      }),
    );
    expect(placed.map((one) => `${one.code} ${one.scope ?? '-'}`)).toEqual([
      'budget_skills_omitted -',
      'missing_trigger_cue workspace',
    ]);
  });
});

describe('groupFindings', () => {
  it('puts errors first, then warnings and suggestions, each by code, the most frequent first', () => {
    const groups = groupFindings([
      finding({ skill: 'b-skill', file: 'SKILL.md', line: 3 }),
      finding({ skill: 'a-skill' }),
      finding({ code: 'instruction_override', severity: 'warning', skill: 'risky', line: 8 }),
      finding({ code: 'instruction_override', severity: 'warning', skill: 'risky', line: 2 }),
      finding({ code: 'budget_skills_omitted', severity: 'warning', category: 'budget' }),
      finding({ code: 'hidden_characters', severity: 'warning', skill: 'risky' }),
      finding({ code: 'hidden_characters', severity: 'warning', skill: 'other' }),
      finding({ code: 'hidden_characters', severity: 'warning', skill: 'other', line: 4 }),
      finding({ code: 'invalid_skill', severity: 'error', skill: 'broken' }),
    ]);
    expect(
      groups.map((group) => ({
        title: group.title,
        count: group.count,
        codes: group.codes.map((each) => ({
          code: each.code,
          title: each.title,
          skills: each.skills,
          findings: each.findings.map((one) => `${one.skill ?? '-'} ${one.line ?? '-'}`),
        })),
      })),
    ).toEqual([
      {
        title: 'Errors',
        count: 1,
        codes: [
          {
            code: 'invalid_skill',
            title: 'Skill that does not parse',
            skills: 1,
            findings: ['broken -'],
          },
        ],
      },
      {
        title: 'Warnings',
        count: 6,
        codes: [
          {
            code: 'hidden_characters',
            title: 'Hidden characters',
            skills: 2,
            findings: ['other -', 'other 4', 'risky -'],
          },
          {
            code: 'instruction_override',
            title: 'Text that overrides instructions',
            skills: 1,
            findings: ['risky 2', 'risky 8'],
          },
          {
            code: 'budget_skills_omitted',
            title: 'Skills left out of the catalog',
            skills: 0,
            findings: ['- -'],
          },
        ],
      },
      {
        title: 'Suggestions',
        count: 2,
        codes: [
          {
            code: 'missing_trigger_cue',
            title: 'Description does not say when to use the skill',
            skills: 2,
            findings: ['a-skill -', 'b-skill 3'],
          },
        ],
      },
    ]);
  });

  it('is empty for no findings', () => {
    expect(groupFindings([])).toEqual([]);
  });
});
