import type { ActivatableSkill, SkillLookup } from './activatable-skill.ts';
import { createInvocationError, type InvocationError } from './invocation-error.ts';

/** Options for {@link resolveReferences}. */
export interface ResolveReferencesOptions {
  skill: ActivatableSkill;
  getSkill?: SkillLookup;
  /** References for which this is true are left out, with their own references (already active). */
  skip?: (name: string) => boolean;
}

/** The result of {@link resolveReferences}: the referenced skills in activation order, or an error. */
export type ResolveReferencesResult =
  | { success: true; skills: ActivatableSkill[] }
  | { success: false; error: InvocationError };

/** Lists a skill's references depth-first (a reference's own references first), each once; cycles and unknown names are errors. */
export async function resolveReferences(
  options: ResolveReferencesOptions,
): Promise<ResolveReferencesResult> {
  const { skill, getSkill, skip } = options;
  const root = skill.manifest.name;
  const ordered: ActivatableSkill[] = [];
  const done = new Set<string>([root.toLowerCase()]);
  const path: string[] = [root];
  const onPath = new Set<string>([root.toLowerCase()]);

  const visit = async (current: ActivatableSkill): Promise<InvocationError | undefined> => {
    for (const reference of current.manifest.references) {
      const key = reference.toLowerCase();
      if (onPath.has(key)) {
        const cycleStart = path.findIndex((name) => name.toLowerCase() === key);
        const cycle = [...path.slice(cycleStart), reference];
        return referenceError(root, cycle, {
          code: 'reference_cycle',
          message: `Skill references form a cycle: ${cycle.join(' → ')}.`,
        });
      }
      if (done.has(key) || skip?.(key)) continue;
      const found = await getSkill?.(reference);
      if (found === undefined) {
        const chain = [...path, reference];
        return referenceError(root, chain, {
          code: 'unknown_reference',
          message: `Skill ${current.manifest.name} references ${reference}, which is not available (${chain.join(' → ')}).`,
        });
      }
      path.push(reference);
      onPath.add(key);
      const failure = await visit(found);
      if (failure !== undefined) return failure;
      path.pop();
      onPath.delete(key);
      done.add(key);
      ordered.push(found);
    }
    return undefined;
  };

  const failure = await visit(skill);
  return failure === undefined
    ? { success: true, skills: ordered }
    : { success: false, error: failure };
}

function referenceError(
  skill: string,
  referencePath: string[],
  issue: { code: 'reference_cycle' | 'unknown_reference'; message: string },
): InvocationError {
  return { ...createInvocationError({ issues: [issue], skill }), referencePath };
}
