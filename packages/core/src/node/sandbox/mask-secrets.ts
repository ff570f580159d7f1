/** Secrets shorter than this are left alone: masking them would garble ordinary output. */
const MIN_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every occurrence of each secret's value (non-empty, ≥ 4 characters) with `[secret NAME]`. */
export function maskSecrets(text: string, secrets: Readonly<Record<string, string>>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(secrets)) {
    if (value.length >= MIN_SECRET_LENGTH && !names.has(value)) names.set(value, name);
  }
  if (names.size === 0) return text;
  // One pass, longest value first: a secret inside another is masked as the longer one, and a
  // replacement is never searched again.
  const values = [...names.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(values.map(escapeRegExp).join('|'), 'g');
  return text.replace(pattern, (value) => `[secret ${names.get(value)}]`);
}
