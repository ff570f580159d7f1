import { describe, expect, it } from 'vitest';
import { analyzeBudgets } from './analyze-budgets.ts';

const skills = [
  { name: 'alpha', description: 'a'.repeat(300) },
  { name: 'beta', description: 'Short one.' },
  { name: 'gamma', description: 'g'.repeat(40) },
];

describe('analyzeBudgets', () => {
  it('models a character listing: full lines while they fit, then names alone, then nothing', () => {
    // Full lines: alpha 310, beta 19, gamma 50; names alone: 8, 7, 8.
    const { budgets } = analyzeBudgets({ skills, tokenBudget: 2000, characterBudgets: [330, 337] });
    expect(budgets.slice(1)).toEqual([
      {
        unit: 'characters',
        limit: 330,
        needed: 379,
        used: 329,
        withoutDescription: [],
        omitted: ['gamma'],
      },
      {
        unit: 'characters',
        limit: 337,
        needed: 379,
        used: 337,
        withoutDescription: ['gamma'],
        omitted: [],
      },
    ]);
  });

  it("measures Skillset's token budget with renderCatalog and names the descriptions to trim", () => {
    const { budgets, findings } = analyzeBudgets({
      skills,
      tokenBudget: 20,
      characterBudgets: [],
    });
    expect(budgets[0]).toMatchObject({ unit: 'tokens', limit: 20 });
    expect(budgets[0]?.needed).toBeGreaterThan(20);
    expect(budgets[0]?.used).toBeLessThanOrEqual(20);
    expect(
      findings.map((finding) => `${finding.severity} ${finding.code} ${finding.skill ?? ''}`),
    ).toMatchInlineSnapshot(`
        [
          "info budget_usage ",
          "info budget_skills_omitted ",
          "info large_description alpha",
        ]
      `);
  });
});
