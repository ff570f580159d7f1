import { checkSkillName } from '@skillset/core';
import { MAX_SKILL_NAME_LENGTH } from '@skillset/core/authoring';

/** What a secret's name must look like: an environment variable name. */
export const SECRET_NAME_PATTERN = /^[A-Z_][A-Z0-9_]{0,127}$/;
/** The largest secret value, in UTF-8 bytes. */
export const MAX_SECRET_VALUE_BYTES = 16 * 1024;
/** The most skills one secret may be bound to. */
export const MAX_SECRET_SKILLS = 100;

/**
 * Names a secret may not take: the sandbox sets them, or they change how an interpreter starts
 * (a secret is put into a script's environment as is).
 */
const RESERVED_NAMES = new Set([
  'PATH',
  'HOME',
  'PWD',
  'OLDPWD',
  'SHELL',
  'USER',
  'LOGNAME',
  'TMPDIR',
  'TERM',
  'LANG',
  'IFS',
  'ENV',
  'BASH_ENV',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONSTARTUP',
  'PERL5LIB',
  'PERL5OPT',
  'RUBYLIB',
  'RUBYOPT',
  'SKILLSET_SECRET_KEY',
]);
const RESERVED_PREFIXES = ['LD_', 'DYLD_', 'LC_', 'BASH_FUNC_'];

/** One problem with a secret's name, value or skills. */
export interface SecretInputIssue {
  code:
    | 'invalid_name'
    | 'reserved_name'
    | 'value_empty'
    | 'value_too_large'
    | 'value_has_nul'
    | 'invalid_skill'
    | 'too_many_skills';
  field: 'name' | 'value' | 'skills';
  message: string;
}

/** What {@link checkSecretInput} checks; `value` absent keeps a stored value. */
export interface SecretInput {
  name: string;
  value?: string | undefined;
  skills: readonly string[];
}

/** A bad input shown in a message: quoted, control characters escaped, long ones cut. */
function shown(text: string): string {
  const cut = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(cut);
}

/** Checks a secret's name: an environment variable name that the sandbox does not reserve. */
export function checkSecretName(name: string): SecretInputIssue[] {
  if (!SECRET_NAME_PATTERN.test(name)) {
    return [
      {
        code: 'invalid_name',
        field: 'name',
        message: `The name ${shown(name)} is not an environment variable name: use 1 to 128 uppercase letters, digits and underscores, not starting with a digit (e.g. GITHUB_TOKEN).`,
      },
    ];
  }
  if (RESERVED_NAMES.has(name) || RESERVED_PREFIXES.some((prefix) => name.startsWith(prefix))) {
    return [
      {
        code: 'reserved_name',
        field: 'name',
        message: `The name ${name} is reserved: scripts get it from the sandbox, or it changes how an interpreter starts; pick another name.`,
      },
    ];
  }
  return [];
}

function checkValue(value: string | undefined): SecretInputIssue[] {
  if (value === undefined) return [];
  if (value === '') {
    return [
      {
        code: 'value_empty',
        field: 'value',
        message: 'The value is empty; give the secret a value.',
      },
    ];
  }
  const issues: SecretInputIssue[] = [];
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > MAX_SECRET_VALUE_BYTES) {
    issues.push({
      code: 'value_too_large',
      field: 'value',
      message: `The value is ${bytes} bytes long; the limit is ${MAX_SECRET_VALUE_BYTES} bytes (16 KiB).`,
    });
  }
  if (value.includes('\0')) {
    issues.push({
      code: 'value_has_nul',
      field: 'value',
      message: 'The value contains a NUL character, which an environment variable cannot hold.',
    });
  }
  return issues;
}

function checkSkills(skills: readonly string[]): SecretInputIssue[] {
  if (skills.length > MAX_SECRET_SKILLS) {
    return [
      {
        code: 'too_many_skills',
        field: 'skills',
        message: `The secret is bound to ${skills.length} skills; the limit is ${MAX_SECRET_SKILLS}.`,
      },
    ];
  }
  const issues: SecretInputIssue[] = [];
  for (const skill of skills) {
    if (skill === '' || checkSkillName(skill.toLowerCase()).length > 0) {
      issues.push({
        code: 'invalid_skill',
        field: 'skills',
        message: `${shown(skill)} is not a skill name: use lowercase letters, digits and single hyphens, at most ${MAX_SKILL_NAME_LENGTH} characters.`,
      });
    }
  }
  return issues;
}

/** Checks a secret to store; returns every issue found (none: it may be stored). */
export function checkSecretInput(input: SecretInput): SecretInputIssue[] {
  return [...checkSecretName(input.name), ...checkValue(input.value), ...checkSkills(input.skills)];
}

/** Skill names as a secret stores them: lowercase (names match case-insensitively), no repeats. */
export function normalizeSkillNames(skills: readonly string[]): string[] {
  return [...new Set(skills.map((skill) => skill.toLowerCase()))];
}
