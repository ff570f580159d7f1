/** The longest allowed skill name, in characters. */
export const MAX_SKILL_NAME_LENGTH = 64;

/** One problem with a skill name. */
export interface SkillNameProblem {
  code: 'name_too_long' | 'invalid_name';
  message: string;
}

const NAME_CHARACTERS = /^[\p{L}\p{N}-]+$/u;

/** The scripts a name's letters are told apart by (others count as one script each, by name). */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
].map((script) => ({ script, pattern: new RegExp(`\\p{Script=${script}}`, 'u') }));

/** Scripts that are written together (Unicode UTS #39, "highly restrictive"); any one alone is fine. */
const WRITTEN_TOGETHER = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** The script of a letter, among {@link SCRIPTS}. */
function scriptOf(letter: string): string {
  return SCRIPTS.find(({ pattern }) => pattern.test(letter))?.script ?? 'another script';
}

/** The scripts of a name's letters, when they are not written together (e.g. Latin with Cyrillic). */
function mixedScripts(name: string): string[] | undefined {
  const scripts = new Set<string>();
  for (const character of name) {
    if (!/\p{L}/u.test(character)) continue;
    scripts.add(scriptOf(character));
  }
  if (scripts.size <= 1) return undefined;
  const together = WRITTEN_TOGETHER.some((group) =>
    [...scripts].every((script) => group.includes(script)),
  );
  return together ? undefined : [...scripts];
}

/** Counts characters the way the spec does (code points, not UTF-16 units). */
export function countCharacters(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdbff) count++;
    else if (index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      count++;
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    } else count++;
  }
  return count;
}

/** Suggests a valid skill name close to `name` (lowercase, hyphens for anything else, one script). */
export function suggestSkillName(name: string): string {
  let suggestion = name.normalize('NFKC').toLowerCase();
  if (mixedScripts(suggestion) !== undefined) {
    const first = scriptOf(
      Array.from(suggestion).find((character) => /\p{L}/u.test(character)) ?? '',
    );
    suggestion = Array.from(suggestion)
      .filter((character) => !/\p{L}/u.test(character) || scriptOf(character) === first)
      .join('');
  }
  suggestion = suggestion.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return Array.from(suggestion).slice(0, MAX_SKILL_NAME_LENGTH).join('').replace(/-+$/, '');
}

/** Checks a (NFKC-normalised) skill name against the spec rules; returns every problem found. */
export function checkSkillName(name: string): SkillNameProblem[] {
  const problems: SkillNameProblem[] = [];
  const length = name.length > MAX_SKILL_NAME_LENGTH ? countCharacters(name) : name.length;
  if (length > MAX_SKILL_NAME_LENGTH) {
    problems.push({
      code: 'name_too_long',
      message: `name '${name}' is ${length} characters long; the limit is ${MAX_SKILL_NAME_LENGTH}, shorten it`,
    });
  }
  const rules: string[] = [];
  if (name !== name.toLowerCase()) rules.push('must be lowercase');
  if (!NAME_CHARACTERS.test(name))
    rules.push('may only contain lowercase letters, digits and hyphens');
  if (name.startsWith('-') || name.endsWith('-')) rules.push('must not start or end with a hyphen');
  if (name.includes('--')) rules.push('must not contain two hyphens in a row');
  const scripts = mixedScripts(name);
  if (scripts !== undefined) {
    rules.push(`must not mix scripts (${scripts.join(' and ')}): it could pass for another name`);
  }
  if (rules.length > 0) {
    const suggestion = suggestSkillName(name);
    const hint = suggestion === '' ? '' : `; try '${suggestion}'`;
    problems.push({ code: 'invalid_name', message: `name '${name}' ${rules.join(', ')}${hint}` });
  }
  return problems;
}
