import type { SkillManifest } from './skill-manifest.ts';

/** Builds a complete manifest from a name, a description and any other fields, filling defaults. */
export function createManifest(
  fields: Pick<SkillManifest, 'name' | 'description'> & Partial<SkillManifest>,
): SkillManifest {
  return {
    disableModelInvocation: false,
    userInvocable: true,
    context: 'inline',
    arguments: [],
    tags: [],
    references: [],
    extra: {},
    ...fields,
  };
}
