import { runSkillset } from '../support/run-skillset.ts';
import { forEachSpecCase } from './spec-cases.ts';

forEachSpecCase(async (target, cwd) => {
  const run = await runSkillset(['validate', '--strict', '--json', target], { cwd });
  const report = JSON.parse(run.stdout) as { results: Array<{ valid: boolean }> };
  const valid = report.results.every((result) => result.valid);
  if ((run.exitCode === 0) !== valid)
    throw new Error(`exit code ${run.exitCode} disagrees with ${run.stdout}`);
  return { valid };
}, 'Agent Skills conformance through `skillset validate --strict`');
