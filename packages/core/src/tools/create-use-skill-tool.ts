import { z } from 'zod';
import { type Activation, activate, type ForkActivation } from '../invoke/activate.ts';
import type { ActivationSession } from '../invoke/activation-session.ts';
import type { PolicyGate } from '../policy/create-policy-gate.ts';
import { closestNames } from '../registry/closest-names.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import { loadActivatableSkill } from '../registry/load-activatable-skill.ts';
import { recordSkillSpan } from '../telemetry/record-skill-span.ts';
import { skillOutcomeOf } from '../telemetry/skill-outcome-of.ts';
import { principalKindOf } from '../telemetry/skill-span-attributes.ts';
import { withSkillSpan } from '../telemetry/with-skill-span.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import { renderForkRequest } from './render-fork-request.ts';
import type { SkillTool } from './skill-tool.ts';
import { toolFailure, toolSuccess } from './tool-result.ts';

/** Above this many skills `use_skill` takes any name instead of an enum, keeping its schema small. */
export const SKILL_ENUM_LIMIT = 64;

/** Runs a fork activation as a sub-agent and resolves with its final answer. */
export type RunForkFunction = (fork: ForkActivation) => Promise<string>;

/** Options for {@link createUseSkillTool}. */
export interface UseSkillToolOptions {
  registry: SkillRegistry;
  gate: PolicyGate;
  /** The skills the model may use, in the order the enum lists them (up to {@link SKILL_ENUM_LIMIT}); at least one. */
  skills: readonly [string, ...string[]];
  session?: ActivationSession;
  /** Runs `context: fork` skills; without it the tool returns the fork request for the host. */
  runFork?: RunForkFunction;
}

/** What `use_skill` returns besides the text: the activation, and the fork's answer when it ran. */
export interface UseSkillData {
  activation: Activation;
  forkResult?: string;
}

/** Creates `use_skill {skill, arguments?}`: activates a skill the model may use (policy surface `model`). */
export function createUseSkillTool(options: UseSkillToolOptions): SkillTool<UseSkillData> {
  const { registry, gate, skills, session, runFork } = options;
  const byKey = new Map(skills.map((name) => [name.toLowerCase(), name]));
  const unknown = (given: unknown): string => {
    const closest = typeof given === 'string' ? closestNames(given, skills) : [];
    const hint =
      closest.length === 0
        ? 'search_skills finds skills by topic.'
        : `Did you mean ${closest.map((each) => JSON.stringify(each)).join(', ')}?`;
    return `Unknown skill ${JSON.stringify(given)}. ${hint}`;
  };
  const nameSchema =
    skills.length <= SKILL_ENUM_LIMIT
      ? z
          .enum(skills, {
            error: (issue) => unknown(issue.input),
          })
          .describe('The name of the skill to use.')
      : z
          .string()
          .min(1)
          .describe(
            `The name of the skill to use, as listed in the skills catalog (${skills.length} skills; search_skills finds more).`,
          );
  const argumentsDescription =
    'Arguments for the skill: a string as a user would type it after /name (e.g. "staging --dry-run").';
  const input = z
    .object({
      skill: nameSchema,
      arguments: z
        .union([z.string(), z.record(z.string(), z.unknown())], {
          error: 'must be a string (as typed after /name) or an object of argument values',
        })
        .optional()
        .describe(argumentsDescription),
    })
    .strict();
  // Strict mode cannot express an open object, so models see the string form only.
  const advertised = z
    .object({
      skill: nameSchema,
      arguments: z.string().optional().describe(argumentsDescription),
    })
    .strict();

  return defineSkillTool<typeof input, UseSkillData>({
    name: 'use_skill',
    description:
      "Use a skill: loads its instructions (with the arguments filled in) so you can follow them. Call it when the user's request matches a skill's description.",
    input,
    advertised,
    prepare: (raw) => {
      if (typeof raw !== 'object' || raw === null || !('skill' in raw)) return raw;
      const name = (raw as { skill: unknown }).skill;
      if (typeof name !== 'string') return raw;
      return { ...raw, skill: byKey.get(name.toLowerCase()) ?? name };
    },
    async run({ skill: name, arguments: argumentInput }) {
      const gated = await gate.authorize(name, 'use_skill', 'use_skill');
      const principal = principalKindOf(gate.policy.principal);
      if (!gated.ok) {
        // The name is the model's text when it matched nothing the model may use.
        const outcome = skillOutcomeOf(gated.failure.error.code);
        recordSkillSpan('skillset.activate', { surface: 'model', principal }, outcome);
        return gated.failure;
      }
      const skill = await loadActivatableSkill({ registry, entry: gated.entry });
      if (skill === undefined) {
        return toolFailure(
          'invalid_skill',
          `Skill ${JSON.stringify(gated.entry.name)} has validation errors and cannot be used.`,
        );
      }
      const { version } = skill.manifest;
      const result = await withSkillSpan(
        {
          name: 'skillset.activate',
          attributes: {
            skill: gated.entry.name,
            ...(version === undefined ? {} : { version }),
            surface: 'model',
            principal,
          },
          outcomeOf: (done) => skillOutcomeOf(done.success ? 'ok' : done.error.code),
        },
        () =>
          activate({
            skill,
            ...(argumentInput === undefined ? {} : { arguments: argumentInput }),
            ...(session === undefined ? {} : { session }),
            getSkill: async (reference) => {
              const found = await gate.authorize(reference, 'use_skill', 'use_skill');
              return found.ok
                ? loadActivatableSkill({ registry, entry: found.entry, withFiles: false })
                : undefined;
            },
          }),
      );
      if (!result.success) {
        const { error } = result;
        return toolFailure(error.code, error.message, {
          ...(error.usage === undefined ? {} : { usage: error.usage }),
        });
      }
      const { activation } = result;
      if (activation.kind === 'inline') return toolSuccess(activation.content, { activation });
      if (runFork === undefined) return toolSuccess(renderForkRequest(activation), { activation });
      const forkResult = await runFork(activation);
      return toolSuccess(forkResult, { activation, forkResult });
    },
  });
}
