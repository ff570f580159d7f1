/** Secret values shorter than this are left alone: masking them would garble ordinary output. */
const MIN_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces every occurrence of each secret's value (≥ 4 characters) with `[secret NAME]` (the
 * sandbox's `maskSecrets` is this without `cut`). With `cut`, the text was cut short, so a
 * secret's beginning at its very end is masked too.
 */
export function maskSecretValues(
  text: string,
  secrets: Readonly<Record<string, string>>,
  options: { cut?: boolean } = {},
): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(secrets)) {
    if (value.length >= MIN_SECRET_LENGTH && !names.has(value)) names.set(value, name);
  }
  if (names.size === 0) return text;
  // One pass, longest value first: a secret inside another is masked as the longer one.
  const values = [...names.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(values.map(escapeRegExp).join('|'), 'g');
  const masked = text.replace(pattern, (value) => `[secret ${names.get(value)}]`);
  if (options.cut !== true) return masked;
  for (const value of values) {
    for (let length = value.length - 1; length >= MIN_SECRET_LENGTH; length -= 1) {
      if (masked.endsWith(value.slice(0, length))) {
        return `${masked.slice(0, masked.length - length)}[secret ${names.get(value)}, cut]`;
      }
    }
  }
  return masked;
}
