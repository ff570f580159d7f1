import {
  type ActivationSession,
  describeInvocation,
  type InvocationError,
  invokeMessage,
  loadEntriesByName,
  type PolicyGate,
  type SkillEntry,
  SkillsetError,
} from '@skillset/core';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { memoizeSkillLoads } from './memoize-skill-loads.ts';
import type { SkillUse } from './usage-recorder.ts';
import type { WorkspaceSkills } from './workspace-skills.ts';

/** One skill a message activated. */
export interface InvokedSkill {
  name: string;
  context: 'inline' | 'fork';
  /** The inline content, or the fork's task; absent while a person's approval is needed. */
  content?: string;
  version: number;
  requiresApproval?: boolean;
}

/** What a message invokes: the activations, the text left for the model, and names that were not skills. */
export interface InvokeForApiResult {
  activations: InvokedSkill[];
  message: string;
  unknown: string[];
}

/** Options for {@link invokeForApi}. */
export interface InvokeForApiOptions {
  skills: WorkspaceSkills;
  /** The principal's gate: what the message may invoke and read. */
  gate: PolicyGate;
  message: string;
  session?: ActivationSession;
  sessionId?: string;
  /** Called once per activation attempt (for logs and usage). */
  onUse?: (use: Omit<SkillUse, 'workspaceId' | 'principal' | 'event'>) => void;
}

/** Turns an invocation error into the API's 400, with the usage line in the message. */
function invocationFailure(error: InvocationError): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: error.code,
    message: error.message,
    details: {
      issues: error.issues.map((issue) => ({
        ...issue,
        ...(error.usage === undefined ? {} : { usage: error.usage }),
      })),
      ...(error.usage === undefined ? {} : { usage: error.usage }),
    },
  });
}

/**
 * Handles the leading `/name`s of a user message with core's `invokeMessage`; a skill the
 * principal may not invoke is reported as an unknown name, so the API discloses nothing about it,
 * and a skill that needs approval is reported without its body. Usage hears of every attempt on an
 * existing skill, a refused one as `permission_denied` and a held-back one as `approval_required`.
 */
export async function invokeForApi(options: InvokeForApiOptions): Promise<InvokeForApiResult> {
  const { skills, gate, message, session, onUse } = options;
  const entries = await skills.derived('entries-by-name', () => loadEntriesByName(skills.registry));
  const registry = skills.derived('memoized-registry', () => memoizeSkillLoads(skills.registry));
  const versionOf = (entry: SkillEntry) => skills.storedSkill(entry)?.currentVersion ?? 0;
  const report = (entry: SkillEntry, outcome: string) => {
    const stored = skills.storedSkill(entry);
    onUse?.({
      skill: entry.name,
      ...(stored === undefined ? {} : { skillId: stored.id }),
      version: versionOf(entry),
      surface: 'user',
      outcome,
    });
  };
  const result = await invokeMessage({
    message,
    registry,
    entries,
    gate,
    entryPoint: 'api_invoke',
    ...(session === undefined ? {} : { session }),
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    describe: (entry) => {
      const stored = skills.storedSkill(entry);
      return stored === undefined ? {} : { version: stored.currentVersion, digest: stored.hash };
    },
    // Nobody approves here, so an activation an `ask` rule holds back is not a use.
    onAttempt: (entry, outcome, requiresApproval) =>
      report(entry, requiresApproval ? 'approval_required' : outcome),
  });
  if (!result.success) throw invocationFailure(result.error);
  for (const { entry } of result.refused) report(entry, 'permission_denied');
  return {
    activations: result.activations.map(({ entry, activation, requiresApproval }) => {
      const base = { name: activation.name, context: activation.kind, version: versionOf(entry) };
      // An `ask` skill's body waits for a person: nobody approves here, so it is not delivered.
      if (requiresApproval) {
        session?.markInactive(activation.name);
        return { ...base, requiresApproval };
      }
      return {
        ...base,
        content: activation.kind === 'inline' ? activation.content : activation.task,
      };
    }),
    message: result.text,
    unknown: [...result.unknown, ...result.refused.map((refused) => refused.invocation)]
      .sort((left, right) => left.start - right.start)
      .map(describeInvocation),
  };
}
