import type { ActivatableSkill, SkillLookup } from './activatable-skill.ts';
import type { ActivationSession } from './activation-session.ts';
import {
  type ArgumentInput,
  type BoundArguments,
  bindArguments,
  defaultArguments,
} from './bind-arguments.ts';
import type { InvocationError } from './invocation-error.ts';
import { renderInlineSkill } from './render-inline-skill.ts';
import { renderSkillBody } from './render-skill-body.ts';
import { resolveReferences } from './resolve-references.ts';

/** Options for {@link activate}. */
export interface ActivateOptions {
  skill: ActivatableSkill;
  /** The argument string after `/name`, or an object from a tool call. */
  arguments?: ArgumentInput;
  /** The conversation's session: skills already active in it are not placed twice. */
  session?: ActivationSession;
  /** `${SESSION_ID}` when no session is given. */
  sessionId?: string;
  /** Looks up the skills named in `references`. */
  getSkill?: SkillLookup;
  /** The prefix shown in usage lines; `/` unless told. */
  prefix?: string;
  maxListedFiles?: number;
}

/** An activation placed in the conversation. */
export interface InlineActivation {
  kind: 'inline';
  name: string;
  /** The text to add to the conversation: referenced skills' blocks, then this skill's block (or a note). */
  content: string;
  /** The skills whose instructions `content` carries, references first; empty when already active. */
  activated: string[];
  /** True when the skill was already active and `content` is only a note. */
  alreadyActive: boolean;
  arguments: BoundArguments;
}

/** An activation run by a sub-agent with no conversation history. */
export interface ForkActivation {
  kind: 'fork';
  name: string;
  /** The sub-agent's task: referenced skills' blocks, then the rendered body. */
  task: string;
  model?: string;
  agent?: string;
  /** When given, the sub-agent's tools are restricted to these. */
  allowedTools?: string[];
  disallowedTools?: string[];
  /** The skills whose instructions the task carries, references first. */
  activated: string[];
  arguments: BoundArguments;
}

/** A rendered skill: inline content or a fork request. */
export type Activation = InlineActivation | ForkActivation;

/** The result of {@link activate}. */
export type ActivateResult =
  | { success: true; activation: Activation }
  | { success: false; error: InvocationError };

/** Binds arguments, activates references first and renders a skill inline or as a fork request. */
export async function activate(options: ActivateOptions): Promise<ActivateResult> {
  const { skill, session, getSkill, maxListedFiles } = options;
  const { manifest } = skill;
  const bound = bindArguments({
    manifest,
    ...(options.arguments === undefined ? {} : { input: options.arguments }),
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
  });
  if (!bound.success) return bound;
  const sessionId = session?.id ?? options.sessionId;
  const isFork = manifest.context === 'fork';

  if (!isFork && session?.isActive(manifest.name)) {
    const note = `Skill ${manifest.name} is already active in this session; its instructions above still apply.`;
    const { argumentString } = bound.arguments;
    const content = argumentString === '' ? note : `${note}\n\nARGUMENTS: ${argumentString}`;
    return {
      success: true,
      activation: {
        kind: 'inline',
        name: manifest.name,
        content,
        activated: [],
        alreadyActive: true,
        arguments: bound.arguments,
      },
    };
  }

  // A fork's sub-agent has no history, so it gets every reference even when the session has it.
  const references = await resolveReferences({
    skill,
    ...(getSkill === undefined ? {} : { getSkill }),
    ...(isFork || session === undefined ? {} : { skip: (name: string) => session.isActive(name) }),
  });
  if (!references.success) return references;

  const render = (each: ActivatableSkill, bindings: BoundArguments): string =>
    renderSkillBody({
      body: each.body,
      arguments: bindings,
      argumentNames: each.manifest.arguments.map((argument) => argument.name),
      ...(each.dir === undefined ? {} : { skillDir: each.dir }),
      ...(sessionId === undefined ? {} : { sessionId }),
    }).text;
  const wrap = (each: ActivatableSkill, body: string): string =>
    renderInlineSkill({
      name: each.manifest.name,
      body,
      ...(each.dir === undefined ? {} : { dir: each.dir }),
      ...(each.files === undefined ? {} : { files: each.files }),
      ...(maxListedFiles === undefined ? {} : { maxListedFiles }),
    });
  const referenceBlocks = references.skills.map((each) =>
    wrap(each, render(each, defaultArguments(each.manifest))),
  );
  const body = render(skill, bound.arguments);
  const activated = [...references.skills.map((each) => each.manifest.name), manifest.name];

  if (isFork) {
    return {
      success: true,
      activation: {
        kind: 'fork',
        name: manifest.name,
        task: [...referenceBlocks, body].join('\n\n'),
        ...(manifest.model === undefined ? {} : { model: manifest.model }),
        ...(manifest.agent === undefined ? {} : { agent: manifest.agent }),
        ...(manifest.allowedTools === undefined ? {} : { allowedTools: manifest.allowedTools }),
        ...(manifest.disallowedTools === undefined
          ? {}
          : { disallowedTools: manifest.disallowedTools }),
        activated,
        arguments: bound.arguments,
      },
    };
  }

  for (const name of activated) session?.markActive(name);
  return {
    success: true,
    activation: {
      kind: 'inline',
      name: manifest.name,
      content: [...referenceBlocks, wrap(skill, body)].join('\n\n'),
      activated,
      alreadyActive: false,
      arguments: bound.arguments,
    },
  };
}
