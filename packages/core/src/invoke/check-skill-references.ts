import { checkSkillName } from '../format/check-skill-name.ts';
import { createIssue } from '../format/create-issue.ts';
import type { RawPosition } from '../format/raw-node.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import type { SkillLookup } from './activatable-skill.ts';
import { resolveReferences } from './resolve-references.ts';

/** Options for {@link checkSkillReferences}. */
export interface CheckSkillReferencesOptions {
  manifest: SkillManifest;
  /** Finds a usable skill by name, as activation would; bodies are not needed. */
  getSkill: SkillLookup;
  /** Where the `references` field is written, for the issue. */
  position?: RawPosition;
}

/**
 * Resolves a skill's `references` the way activation does (depth-first, through the referenced
 * skills' own references) and returns the error activation would give — a `reference_cycle` or an
 * `unknown_reference` — as an issue on the `references` field; undefined when they resolve.
 */
export async function checkSkillReferences(
  options: CheckSkillReferencesOptions,
): Promise<SkillIssue | undefined> {
  const { manifest, getSkill, position } = options;
  if (manifest.references.length === 0) return undefined;
  const resolved = await resolveReferences({ skill: { manifest, body: '' }, getSkill });
  if (resolved.success) return undefined;
  const { error } = resolved;
  const chain = error.referencePath ?? [];
  const message = error.message.replace(/\.$/, '');
  const location = { field: 'references', ...position };
  if (error.code === 'reference_cycle') {
    return createIssue(
      'reference_cycle',
      'error',
      `${message}; remove one of these references`,
      location,
    );
  }
  const missing = chain.at(-1) ?? '';
  const referrer = chain.at(-2) ?? manifest.name;
  const fix =
    checkSkillName(missing).length === 0
      ? `add a valid skill named ${missing}, or remove it from the references of ${referrer}`
      : `remove it from the references of ${referrer} (it is not a valid skill name)`;
  return createIssue('unknown_reference', 'error', `${message}; ${fix}`, location);
}
