import { countTokens as countO200kTokens } from 'gpt-tokenizer/encoding/o200k_base';

/** Counts tokens with the o200k_base encoding (GPT-4o and later), the catalog's budget unit. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countO200kTokens(text);
}
