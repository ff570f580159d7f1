import type { DoctorReport } from '@skillset/core/authoring';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { sharedPath } from '../support/shared-dir.ts';

const corpus = sharedPath('corpus');

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = performance.now();
  const result = await run();
  return { result, seconds: (performance.now() - start) / 1000 };
}

describe('skillset doctor on the real-world corpus', () => {
  it('reports on all 542 skills without crashing', async () => {
    await using home = await createTempDir();
    const options = { cwd: home.path, env: { HOME: home.path } };
    // A first run builds the synonym cache, as a user's first run would; the timed runs follow.
    const human = await spawnSkillset(['doctor', '--dir', corpus], options);
    expect(human.stderr).not.toMatch(/TypeError|RangeError|at .*\.ts:\d+/);
    expect(human.stdout).toMatch(/^\d+ skills checked: 2 errors, \d+ warnings, \d+ info \(/);
    expect(human.stdout).toMatch(/\nBudgets\n/);

    const doctor = await timed(() => spawnSkillset(['doctor', '--dir', corpus, '--json'], options));
    const validate = await timed(() => spawnSkillset(['validate', corpus, '--json'], options));
    expect(validate.result.exitCode).toBe(0);
    expect(doctor.result.exitCode).toBe(1);
    const report = JSON.parse(doctor.result.stdout) as DoctorReport;
    expect(report.summary.skills).toBeGreaterThan(530);
    expect(report.summary.codes).toMatchObject({ description_too_long: 2, shadowed_skill: 3 });
    expect(report.summary.errors).toBe(2);
    expect(report.budgets.map((budget) => budget.limit)).toEqual([2000, 8000, 16_000]);
    // Timing is the benchmarks' job: a ratio asserted here failed on a machine busy with other suites.
    console.info(
      `doctor ${doctor.seconds.toFixed(2)} s, validate ${validate.seconds.toFixed(2)} s, ratio ${(doctor.seconds / validate.seconds).toFixed(2)}`,
    );
  }, 120_000);
});
