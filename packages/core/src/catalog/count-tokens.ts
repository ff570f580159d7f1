import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { loadO200kRanks } from '#o200k-ranks';

// Building the encoder's tables takes ~0.3 s, so it happens on the first count, not at import; in
// Node the ranks module loads then too (docs/decisions/0093).
let encoding: GptEncoding | undefined;

/** Counts tokens with the o200k_base encoding (GPT-4o and later), the catalog's budget unit. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  encoding ??= GptEncoding.getEncodingApi('o200k_base', loadO200kRanks);
  return encoding.countTokens(text);
}
