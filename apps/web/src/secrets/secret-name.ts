/** What a secret's name must look like: an environment variable name (the server checks it too). */
const SECRET_NAME = /^[A-Z_][A-Z0-9_]{0,127}$/;

/** The name as typed, made into an environment variable name where that is plain: `github-token` → `GITHUB_TOKEN`. */
export function toSecretName(text: string): string {
  return text.toUpperCase().replaceAll(/[-\s.]/g, '_');
}

/** Why a name cannot be a secret's, or undefined when it can. */
export function secretNameProblem(name: string): string | undefined {
  if (name === '') return 'Give the secret a name, e.g. GITHUB_TOKEN.';
  if (SECRET_NAME.test(name)) return undefined;
  if (/^[0-9]/.test(name)) return 'A name cannot start with a digit.';
  if (name.length > 128) return 'A name has at most 128 characters.';
  return 'Use only uppercase letters, digits and underscores (an environment variable name).';
}
