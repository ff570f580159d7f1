import { describe, expect, it } from 'vitest';
import { fuzzSkillMd } from './fuzz-skill-md.ts';

// Seeded, so a failure reproduces; `npm run soak` runs 100,000 cases with a random seed.
const SEED = Number(process.env.SKILLSET_FUZZ_SEED ?? 1313);
const RUNS = Number(process.env.SKILLSET_FUZZ_RUNS ?? 2500);

describe('SKILL.md fuzzing: parse → validate → activate', () => {
  it(`survives ${RUNS} generated and mutated corpus files (seed ${SEED}): no exception, none over 50 ms, no prototype touched`, async () => {
    const result = await fuzzSkillMd({ runs: RUNS, seed: SEED });
    expect(result.failure).toBeUndefined();
    expect(result.runs).toBe(RUNS);
    // Most cases must reach activation, or the fuzzer only tests the parser's error paths.
    expect(result.activated).toBeGreaterThan(RUNS / 3);
  }, 120_000);
});
