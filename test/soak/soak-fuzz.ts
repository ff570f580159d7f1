import { fuzzSkillMd } from './fuzz-skill-md.ts';

/** 100,000 fuzz cases (`SKILLSET_FUZZ_RUNS`, `SKILLSET_FUZZ_SEED` to repeat one). */
export async function run(): Promise<boolean> {
  const runs = Number(process.env.SKILLSET_FUZZ_RUNS ?? 100_000);
  const seed = Number(process.env.SKILLSET_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const result = await fuzzSkillMd({ runs, seed });
  console.log(
    `cases        ${result.runs} (seed ${result.seed}; ${result.activated} reached activation)`,
  );
  console.log(
    `CPU ms       max ${result.maxMs.toFixed(2)}, p99 ${result.p99Ms.toFixed(2)} (limit 50)`,
  );
  console.log(
    `wall ms      max ${result.wallMaxMs.toFixed(2)}, p99 ${result.wallP99Ms.toFixed(2)}`,
  );
  if (result.failure !== undefined) console.log(`FAILURE      ${result.failure}`);
  return result.failure === undefined;
}
