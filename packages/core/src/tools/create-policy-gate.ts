import { decide, type PolicyDecision } from '../policy/decide.ts';
import type { PolicyContext } from '../policy/policy-context.ts';
import type { PolicySubject } from '../policy/policy-subject.ts';
import type { SkillEntryPoint } from '../policy/policy-surface.ts';
import { closestNames } from '../registry/closest-names.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillStore } from './skill-store.ts';
import type { SkillToolFailure } from './skill-tool.ts';
import { toolFailure } from './tool-result.ts';

/** What a person is asked to approve when a permission rule says `ask`. */
export interface ApprovalRequest {
  tool: string;
  skill: string;
  entryPoint: SkillEntryPoint;
  decision: PolicyDecision;
}

/** Asks a person to approve one use; resolves true when approved. */
export type ApproveFunction = (request: ApprovalRequest) => boolean | Promise<boolean>;

/** Options for {@link createPolicyGate}. */
export interface PolicyGateOptions {
  registry: SkillRegistry;
  policy: PolicyContext;
  /** Supplies each skill's enabled switch; without it every skill counts as enabled. */
  store?: SkillStore;
  /** Asks for approval where a rule says `ask`; without it such uses are refused. */
  approve?: ApproveFunction;
  /** The policy subject of an entry, for hosts that keep switches and owners elsewhere (the server). */
  subjectOf?: (entry: SkillEntry) => PolicySubject | Promise<PolicySubject>;
}

/** Options for {@link PolicyGate.list} and {@link PolicyGate.find}. */
export interface GateLookupOptions {
  /** Also consider skills with validation errors (for management); default false. */
  includeInvalid?: boolean;
}

/** Why {@link PolicyGate.authorize} refused: a denied skill reads as an unknown one. */
export type GateFailureCode = 'unknown_skill' | 'approval_required' | 'approval_denied';

/** The result of {@link PolicyGate.authorize}: the entry, or a failure that says "unknown" for denied skills. */
export type GateResult =
  | { ok: true; entry: SkillEntry; decision: PolicyDecision }
  | { ok: false; failure: SkillToolFailure<GateFailureCode> };

/** Every lookup of the tools goes through here, so nothing denied is listed or usable. */
export interface PolicyGate {
  /** The policy subject of an entry, with its enabled switch. */
  subjectOf(entry: SkillEntry): Promise<PolicySubject>;
  decide(entry: SkillEntry, entryPoint: SkillEntryPoint): Promise<PolicyDecision>;
  /** The entries the principal may reach through `entryPoint`, sorted by name. */
  list(entryPoint: SkillEntryPoint, options?: GateLookupOptions): Promise<SkillEntry[]>;
  /** Resolves a name (case-insensitively) and checks policy; asks for approval when a rule says `ask`. */
  authorize(
    name: string,
    entryPoint: SkillEntryPoint,
    tool: string,
    options?: GateLookupOptions,
  ): Promise<GateResult>;
}

/** Creates the policy gate the skill tools share. */
export function createPolicyGate(options: PolicyGateOptions): PolicyGate {
  const { registry, policy, store, approve } = options;

  const subjectOf = async (entry: SkillEntry): Promise<PolicySubject> => {
    if (options.subjectOf !== undefined) return options.subjectOf(entry);
    const manifest =
      entry.manifest ?? createManifest({ name: entry.name, description: entry.description });
    const subject: PolicySubject = { manifest, scope: entry.scope };
    if (store !== undefined) subject.enabled = await store.isEnabled(entry.name);
    return subject;
  };
  const decideOn = async (entry: SkillEntry, entryPoint: SkillEntryPoint) =>
    decide(await subjectOf(entry), policy, entryPoint);

  const list = async (entryPoint: SkillEntryPoint, lookup: GateLookupOptions = {}) => {
    const entries = await registry.list();
    const allowed: SkillEntry[] = [];
    for (const entry of entries) {
      if (!entry.valid && lookup.includeInvalid !== true) continue;
      if ((await decideOn(entry, entryPoint)).allowed) allowed.push(entry);
    }
    return allowed;
  };
  // Suggestions come from the allowed skills only, so a denied name never shows.
  const unknown = async (
    name: string,
    entryPoint: SkillEntryPoint,
    lookup: GateLookupOptions,
  ): Promise<GateResult> => {
    const names = (await list(entryPoint, lookup)).map((entry) => entry.name);
    const suggestions = closestNames(name, names);
    const hint =
      suggestions.length === 0
        ? ''
        : ` Did you mean ${suggestions.map((each) => JSON.stringify(each)).join(', ')}?`;
    return {
      ok: false,
      failure: toolFailure('unknown_skill', `Unknown skill ${JSON.stringify(name)}.${hint}`),
    };
  };

  return {
    subjectOf,
    decide: decideOn,
    list,
    async authorize(name, entryPoint, tool, lookup = {}) {
      const entry =
        lookup.includeInvalid === true ? await registry.get(name) : await registry.resolve(name);
      if (entry === undefined) return unknown(name, entryPoint, lookup);
      const decision = await decideOn(entry, entryPoint);
      if (!decision.allowed) return unknown(name, entryPoint, lookup);
      if (decision.requiresApproval) {
        if (approve === undefined) {
          return {
            ok: false,
            failure: toolFailure(
              'approval_required',
              `Using skill ${JSON.stringify(entry.name)} through ${tool} needs a person's approval, and none can be asked here.`,
            ),
          };
        }
        const approved = await approve({ tool, skill: entry.name, entryPoint, decision });
        if (!approved) {
          return {
            ok: false,
            failure: toolFailure(
              'approval_denied',
              `A person declined the use of skill ${JSON.stringify(entry.name)} through ${tool}.`,
            ),
          };
        }
      }
      return { ok: true, entry, decision };
    },
  };
}
