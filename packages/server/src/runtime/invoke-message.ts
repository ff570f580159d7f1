import {
  type ActivatableSkill,
  type ActivationSession,
  activate,
  type InvocationError,
  loadActivatableSkill,
  parseInvocation,
  type SkillEntry,
  SkillsetError,
} from '@skillset/core';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { decideEntry } from './decide-entry.ts';
import type { ResolvedPolicy } from './policy-resolver.ts';
import type { SkillUse } from './usage-recorder.ts';
import type { WorkspaceSkills } from './workspace-skills.ts';

/** One skill a message activated. */
export interface InvokedSkill {
  name: string;
  context: 'inline' | 'fork';
  /** The inline content, or the fork's task. */
  content: string;
  version: number;
  requiresApproval?: boolean;
}

/** What a message invokes: the activations, the text left for the model, and names that were not skills. */
export interface InvokeMessageResult {
  activations: InvokedSkill[];
  message: string;
  unknown: string[];
}

/** Options for {@link invokeMessage}. */
export interface InvokeMessageOptions {
  skills: WorkspaceSkills;
  policy: ResolvedPolicy;
  message: string;
  session?: ActivationSession;
  sessionId?: string;
  /** Called once per activation attempt (for logs and usage). */
  onUse?: (use: Omit<SkillUse, 'workspaceId' | 'principal' | 'event'>) => void;
}

/** Turns an invocation error into the API's 400, with the usage line in the message. */
function invocationFailure(typed: string, error: InvocationError): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: error.code,
    message: `${typed}: ${error.message}`,
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
 * Handles the leading `/name`s of a user message (DESIGN.md §7): a skill the principal may not
 * invoke is treated as an unknown name; argument errors throw with the usage line.
 */
export async function invokeMessage(options: InvokeMessageOptions): Promise<InvokeMessageResult> {
  const { skills, policy, message, session, onUse } = options;
  const { registry } = skills;
  const allowed = new Map<string, { entry: SkillEntry; requiresApproval: boolean }>();
  const lookup = await skills.derived('entries-by-name', async () => {
    const byName = new Map<string, SkillEntry>();
    for (const entry of await registry.list()) {
      if (entry.valid) byName.set(entry.name.toLowerCase(), entry);
    }
    return byName;
  });
  const find = (name: string): SkillEntry | undefined => lookup.get(name);
  const parsed = parseInvocation({
    message,
    isKnown: (name) => {
      const entry = find(name);
      if (entry === undefined) return false;
      const decision = decideEntry(skills, policy, entry, 'api_invoke');
      if (decision.allowed) {
        allowed.set(name, { entry, requiresApproval: decision.requiresApproval });
      }
      return decision.allowed;
    },
  });
  const getSkill = async (name: string): Promise<ActivatableSkill | undefined> => {
    const entry = find(name.toLowerCase());
    if (entry === undefined) return undefined;
    if (!decideEntry(skills, policy, entry, 'read_skill_file').allowed) return undefined;
    return loadActivatableSkill({ registry, entry });
  };

  const activations: InvokedSkill[] = [];
  for (const invocation of parsed.invocations) {
    const typed = `${invocation.prefix}${invocation.typed}`;
    const { entry, requiresApproval } = allowed.get(invocation.name) as {
      entry: SkillEntry;
      requiresApproval: boolean;
    };
    const stored = skills.storedSkill(entry);
    const version = stored?.currentVersion ?? 0;
    const report = (outcome: string) =>
      onUse?.({
        skill: entry.name,
        ...(stored === undefined ? {} : { skillId: stored.id }),
        version,
        surface: 'user',
        outcome,
      });
    const skill = await loadActivatableSkill({ registry, entry });
    if (skill === undefined) {
      report('invalid_skill');
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_skill',
        message: `Cannot invoke ${typed}: the skill has validation errors.`,
      });
    }
    const result = await activate({
      skill,
      arguments: parsed.argumentString,
      ...(session === undefined ? {} : { session }),
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
      getSkill,
      prefix: invocation.prefix,
    });
    if (!result.success) {
      report(result.error.code);
      throw invocationFailure(typed, result.error);
    }
    const { activation } = result;
    report('ok');
    activations.push({
      name: activation.name,
      context: activation.kind,
      content: activation.kind === 'inline' ? activation.content : activation.task,
      version,
      ...(requiresApproval ? { requiresApproval } : {}),
    });
  }
  return {
    activations,
    message: parsed.text,
    unknown: parsed.unknown.map((invocation) => `${invocation.prefix}${invocation.typed}`),
  };
}
