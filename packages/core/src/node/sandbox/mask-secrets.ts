import { maskSecretValues } from '../../tools/mask-secret-values.ts';

/** Replaces every occurrence of each secret's value (non-empty, ≥ 4 characters) with `[secret NAME]`. */
export function maskSecrets(text: string, secrets: Readonly<Record<string, string>>): string {
  return maskSecretValues(text, secrets);
}
