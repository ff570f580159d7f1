import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';

/**
 * The o200k_base merge ranks where there is no synchronous `require` (browsers, bundles): imported
 * with this module. `#o200k-ranks` resolves here outside Node, to `node/load-o200k-ranks.ts` in Node.
 */
export function loadO200kRanks(): readonly (string | readonly number[])[] {
  return o200kRanks;
}
