/** The key of a skill's pending deletion, for lists to hide it during the undo window. */
export const skillDeletionKey = (skill: { scope: string; name: string }) =>
  `delete-skill:${skill.scope}:${skill.name.toLowerCase()}`;
