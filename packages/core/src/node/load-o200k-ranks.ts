import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The o200k_base merge ranks, required on the first call: the 2.4 MB module costs ~70 ms of CPU to
 * load, so a Node process that never counts tokens never loads it (docs/decisions/0093).
 */
export function loadO200kRanks(): readonly (string | readonly number[])[] {
  const ranks: {
    default: readonly (string | readonly number[])[];
  } = require('gpt-tokenizer/bpeRanks/o200k_base');
  return ranks.default;
}
