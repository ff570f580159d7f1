import { SkillsetError } from '../errors/skillset-error.ts';
import type { PolicyGate } from '../policy/create-policy-gate.ts';
import type { PolicyDecision } from '../policy/decide.ts';
import type { SkillEntryPoint } from '../policy/policy-surface.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import { loadActivatableSkill } from '../registry/load-activatable-skill.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import { recordSkillSpan } from '../telemetry/record-skill-span.ts';
import { skillOutcomeOf } from '../telemetry/skill-outcome-of.ts';
import { principalKindOf, type SkillSpanAttributes } from '../telemetry/skill-span-attributes.ts';
import { withSkillSpan } from '../telemetry/with-skill-span.ts';
import type { ActivatableSkill } from './activatable-skill.ts';
import { type Activation, activate } from './activate.ts';
import type { ActivationSession } from './activation-session.ts';
import { createInvocationError, type InvocationError } from './invocation-error.ts';
import { type Invocation, parseInvocation } from './parse-invocation.ts';

/** Options for {@link invokeMessage}. */
export interface InvokeMessageOptions {
  message: string;
  registry: SkillRegistry;
  /** The caller's gate: it decides each `/name` at {@link entryPoint} and each skill it references as a read. */
  gate: PolicyGate;
  /** Where the `/name` comes in: a person's `slash_command`, or `api_invoke` for a server's API. */
  entryPoint: Extract<SkillEntryPoint, 'slash_command' | 'api_invoke'>;
  /** {@link loadEntriesByName}'s map, for callers that cache it; loaded when absent. */
  entries?: ReadonlyMap<string, SkillEntry>;
  session?: ActivationSession;
  /** `${SESSION_ID}` when no session is given. */
  sessionId?: string;
  prefixes?: readonly string[];
  /**
   * Called once per activation attempt with `ok` or the error code, for logs and usage; an attempt
   * that throws is reported with the error's code (`internal_error` for a non-Skillset error).
   * `requiresApproval` is true for an `ok` the surface must still get a person's approval for.
   */
  onAttempt?: (entry: SkillEntry, outcome: string, requiresApproval: boolean) => void;
  /** The version and digest the host already knows of an entry, for the activation spans. */
  describe?: (entry: SkillEntry) => Pick<SkillSpanAttributes, 'version' | 'digest'>;
}

/** One skill a message activated. */
export interface MessageActivation {
  entry: SkillEntry;
  activation: Activation;
  /** The gate's decision on the `/name` at the invocation's entry point. */
  decision: PolicyDecision;
  /** A permission rule says `ask` for the skill or one it references: the surface must get a person's approval first. */
  requiresApproval: boolean;
}

/** A leading `/name` of an existing skill the caller may not invoke; parsed as ordinary text. */
export interface RefusedInvocation {
  invocation: Invocation;
  entry: SkillEntry;
  decision: PolicyDecision;
}

/** What a message invokes, or why one of its invocations failed. */
export type InvokeMessageResult =
  | {
      success: true;
      activations: MessageActivation[];
      /** What goes on to the model: the argument string, or the whole message when nothing was invoked. */
      text: string;
      /** Leading names that are not skills here. */
      unknown: Invocation[];
      /** Leading names of skills the caller may not invoke; a surface may show them as unknown. */
      refused: RefusedInvocation[];
    }
  | {
      success: false;
      /** `invalid_skill` when the skill's `SKILL.md` has errors, else the argument or reference error. */
      error: InvocationError;
      invocation: Invocation;
      entry: SkillEntry;
    };

/** Spells an invocation as the person typed it (`/Deploy`). */
export function describeInvocation(invocation: Invocation): string {
  return `${invocation.prefix}${invocation.typed}`;
}

/** The registry's winning entry of each lowercased name, valid or not: what `/name` looks up. */
export async function loadEntriesByName(registry: SkillRegistry): Promise<Map<string, SkillEntry>> {
  const byName = new Map<string, SkillEntry>();
  for (const entry of await registry.list()) byName.set(entry.name.toLowerCase(), entry);
  return byName;
}

/**
 * The invocation flow of every surface (DESIGN.md §7): parse the leading `/name`s, look each up,
 * decide, load and activate. A skill the caller may not invoke ends the invocations like an unknown
 * name does, so nothing refused is ever activated.
 */
export async function invokeMessage(options: InvokeMessageOptions): Promise<InvokeMessageResult> {
  const { message, registry, gate, entryPoint, session, onAttempt, prefixes, describe } = options;
  const spanAttributes = (entry?: SkillEntry): SkillSpanAttributes => ({
    surface: 'user',
    principal: principalKindOf(gate.policy.principal),
    ...(entry === undefined ? {} : { skill: entry.name }),
    ...(entry?.manifest?.version === undefined ? {} : { version: entry.manifest.version }),
    ...(entry === undefined || describe === undefined ? {} : describe(entry)),
  });
  const entries = options.entries ?? (await loadEntriesByName(registry));
  const parse = (isKnown: (name: string) => boolean) =>
    parseInvocation({ message, isKnown, ...(prefixes === undefined ? {} : { prefixes }) });

  const decisions = new Map<string, PolicyDecision>();
  for (const candidate of parse((name) => entries.has(name)).invocations) {
    const entry = entries.get(candidate.name) as SkillEntry;
    decisions.set(candidate.name, await gate.decide(entry, entryPoint));
  }
  const parsed = parse((name) => decisions.get(name)?.allowed === true);
  const refused: RefusedInvocation[] = [];
  const unknown: Invocation[] = [];
  for (const invocation of parsed.unknown) {
    const decision = decisions.get(invocation.name);
    const entry = entries.get(invocation.name);
    if (decision === undefined || entry === undefined) unknown.push(invocation);
    else refused.push({ invocation, entry, decision });
  }
  // An unknown name is the person's text, so its span carries no name.
  for (const _ of unknown) {
    recordSkillSpan('skillset.activate', spanAttributes(), skillOutcomeOf('unknown_skill'));
  }
  for (const { entry } of refused) {
    recordSkillSpan(
      'skillset.activate',
      spanAttributes(entry),
      skillOutcomeOf('permission_denied'),
    );
  }

  // A referenced skill whose text needs approval makes the whole activation wait for a person.
  const lookupFor =
    (held: { approval: boolean }) =>
    async (name: string): Promise<ActivatableSkill | undefined> => {
      const entry = entries.get(name.toLowerCase());
      if (entry === undefined) return undefined;
      const decision = await gate.decide(entry, 'read_skill_file');
      if (!decision.allowed) return undefined;
      if (decision.requiresApproval) held.approval = true;
      return loadActivatableSkill({ registry, entry });
    };
  const activations: MessageActivation[] = [];
  for (const invocation of parsed.invocations) {
    const entry = entries.get(invocation.name) as SkillEntry;
    const typed = describeInvocation(invocation);
    const held = { approval: false };
    const getSkill = lookupFor(held);
    const attempt = async () => {
      const skill = await loadActivatableSkill({ registry, entry });
      if (skill === undefined) return undefined;
      return activate({
        skill,
        arguments: parsed.argumentString,
        ...(session === undefined ? {} : { session }),
        ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
        getSkill,
        prefix: invocation.prefix,
      });
    };
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await withSkillSpan(
        {
          name: 'skillset.activate',
          attributes: spanAttributes(entry),
          outcomeOf: (done) =>
            skillOutcomeOf(
              done === undefined ? 'invalid_skill' : done.success ? 'ok' : done.error.code,
            ),
        },
        attempt,
      );
    } catch (error) {
      onAttempt?.(entry, SkillsetError.isInstance(error) ? error.code : 'internal_error', false);
      throw error;
    }
    if (result === undefined) {
      onAttempt?.(entry, 'invalid_skill', false);
      const error = createInvocationError({
        issues: [
          {
            code: 'invalid_skill',
            message: `Cannot invoke ${typed}: the skill has validation errors.`,
          },
        ],
        skill: entry.name,
      });
      return { success: false, error, invocation, entry };
    }
    const decision = decisions.get(invocation.name) as PolicyDecision;
    const requiresApproval = decision.requiresApproval || held.approval;
    onAttempt?.(
      entry,
      result.success ? 'ok' : result.error.code,
      result.success && requiresApproval,
    );
    if (!result.success) {
      const error = { ...result.error, message: `${typed}: ${result.error.message}` };
      return { success: false, error, invocation, entry };
    }
    activations.push({ entry, activation: result.activation, decision, requiresApproval });
  }
  return { success: true, activations, text: parsed.text, unknown, refused };
}
