/**
 * The warning for bound skill names no skill of the workspace has, or `undefined` when every name
 * is known.
 */
export function unknownSkillsWarning(skills: string[], known: string[]): string | undefined {
  const unknown = skills.filter((skill) => !known.includes(skill));
  if (unknown.length === 0) return undefined;
  const names = new Intl.ListFormat('en', { type: 'disjunction' }).format(
    unknown.map((skill) => `“${skill}”`),
  );
  return unknown.length === 1
    ? `No skill is named ${names} yet: once one exists, approve it here so its scripts get the secret.`
    : `No skills are named ${names} yet: once they exist, approve them here so their scripts get the secret.`;
}
