import { ENTRY_POINT_SURFACES, type PolicySurface } from '../policy/policy-surface.ts';
import type { SkillTool } from '../tools/skill-tool.ts';
import { skillOutcomeOf } from './skill-outcome-of.ts';
import type { PrincipalKind } from './skill-span-attributes.ts';
import { withSkillSpan } from './with-skill-span.ts';

// A name the model gave that matched no skill it may use is its own text, so it is left out.
const NAME_NOT_KNOWN = new Set(['unknown_skill', 'invalid_input']);

function surfaceOfTool(name: string): PolicySurface {
  if (Object.hasOwn(ENTRY_POINT_SURFACES, name)) {
    return ENTRY_POINT_SURFACES[name as keyof typeof ENTRY_POINT_SURFACES];
  }
  return name.startsWith('skill_') ? 'model' : 'manage';
}

function skillNameOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { skill } = input as { skill?: unknown };
  return typeof skill === 'string' ? skill : undefined;
}

/**
 * Wraps a model-facing tool so each call is a `skillset.tool_call` span with the tool, its surface,
 * the principal kind, the skill it named (when it was a skill the model may use) and the outcome.
 */
export function traceSkillTool<Data>(
  tool: SkillTool<Data>,
  principal: PrincipalKind,
): SkillTool<Data> {
  const surface = surfaceOfTool(tool.name);
  return {
    ...tool,
    execute: (input) =>
      withSkillSpan(
        {
          name: 'skillset.tool_call',
          attributes: { tool: tool.name, surface, principal },
          outcomeOf: (result) => {
            const code = result.ok ? undefined : result.error.code;
            const skill = skillNameOf(input);
            const named = skill !== undefined && !NAME_NOT_KNOWN.has(code ?? '');
            return { ...skillOutcomeOf(code), attributes: named ? { skill } : {} };
          },
        },
        () => tool.execute(input),
      ),
  };
}
