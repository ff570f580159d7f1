import type { SkillScope } from '../api/client.ts';

/** The stored scopes, lowest precedence first, with the words the web shows for them. */
export const SKILL_SCOPES: ReadonlyArray<{ value: SkillScope; label: string }> = [
  { value: 'builtin', label: 'Built-in' },
  { value: 'public', label: 'Public' },
  { value: 'workspace', label: 'Workspace' },
  { value: 'personal', label: 'Personal' },
];

/** The scope a `?scope=` value names, or undefined for a missing or unknown one. */
export function readSkillScope(value: string | null): SkillScope | undefined {
  return SKILL_SCOPES.find((scope) => scope.value === value)?.value;
}
