import { type RuntimeTestApp, skillText } from '@skillset/server/test';

/** Adds `count` skills (`budget-00`, …) whose long descriptions soon exceed a small catalog budget. */
export async function addBudgetSkills(app: RuntimeTestApp, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const name = `budget-${String(index).padStart(2, '0')}`;
    await app.addSkill(
      skillText(name, {
        description: `Prepares the quarterly ${name} report from the finance exports, checks every total against the ledger, and writes the summary the board reads.`,
      }),
    );
  }
}
