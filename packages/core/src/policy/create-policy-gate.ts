import { scanContentRisksCached } from '../doctor/content-risk-cache.ts';
import { readSkillContent } from '../doctor/read-skill-content.ts';
import type { TrustedSigners } from '../provenance/skill-signature-status.ts';
import { verifyEntrySignature } from '../provenance/verify-entry-signature.ts';
import { closestNames } from '../registry/closest-names.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillStore } from '../tools/skill-store.ts';
import type { SkillToolFailure } from '../tools/skill-tool.ts';
import { toolFailure } from '../tools/tool-result.ts';
import { decide, type PolicyDecision } from './decide.ts';
import type { PolicyContext } from './policy-context.ts';
import type { PolicySubject } from './policy-subject.ts';
import type { SkillEntryPoint } from './policy-surface.ts';

/** What a person is asked to approve when a permission rule says `ask`. */
export interface ApprovalRequest {
  tool: string;
  skill: string;
  entryPoint: SkillEntryPoint;
  decision: PolicyDecision;
  /** The entry asked about, when the asker resolved it (the host reads its provenance). */
  entry?: SkillEntry;
  /**
   * For `run_skill_script`: the script, its arguments, whether it gets the network, and the names
   * of the secrets it gets (absent or empty: none).
   */
  script?: {
    path: string;
    args: readonly string[];
    network: boolean;
    secrets?: readonly string[];
  };
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
  /** The signers whose signatures count under `requireSigned`; without it no signer is trusted. */
  trust?: TrustedSigners;
}

/** Options for {@link PolicyGate.list} and {@link PolicyGate.authorize}. */
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

/**
 * The one way every surface reaches a skill (tools, MCP, `/name` invocation, the agent, the
 * server's routes), so nothing denied is listed or usable anywhere.
 */
export interface PolicyGate {
  /** Who asks and the rules that apply. */
  readonly policy: PolicyContext;
  /** The policy subject of an entry, with its enabled switch. */
  subjectOf(entry: SkillEntry): Promise<PolicySubject>;
  decide(entry: SkillEntry, entryPoint: SkillEntryPoint): Promise<PolicyDecision>;
  /** Decides a skill that is no entry of the registry: one being created, or a stored one being managed. */
  decideSubject(subject: PolicySubject, entryPoint: SkillEntryPoint): PolicyDecision;
  /** The entries the principal may reach through `entryPoint`, sorted by name. */
  list(entryPoint: SkillEntryPoint, options?: GateLookupOptions): Promise<SkillEntry[]>;
  /**
   * The entry a name means when the principal may reach it through `entryPoint` (asking no one);
   * undefined for an unknown or refused name alike.
   */
  find(
    name: string,
    entryPoint: SkillEntryPoint,
  ): Promise<{ entry: SkillEntry; decision: PolicyDecision } | undefined>;
  /** The same gate, asking `approve` where a rule says `ask` (e.g. each turn's or request's own). */
  withApprove(approve: ApproveFunction | undefined): PolicyGate;
  /** Resolves a name (case-insensitively) and checks policy; asks for approval when a rule says `ask`. */
  authorize(
    name: string,
    entryPoint: SkillEntryPoint,
    tool: string,
    options?: GateLookupOptions,
  ): Promise<GateResult>;
}

// Registry entries are new objects whenever their skill changes, so one scan per entry stays true;
// shared by every gate, since hosts such as the MCP server create a gate per request.
const scans = new WeakMap<SkillEntry, Promise<string[] | undefined>>();

/** Creates the policy gate the skill tools share. */
export function createPolicyGate(options: PolicyGateOptions): PolicyGate {
  const { registry, policy, store, approve } = options;

  const contentRisksOf = (entry: SkillEntry): Promise<string[] | undefined> => {
    let scan = scans.get(entry);
    if (scan === undefined) {
      scan = readSkillContent(registry, entry)
        .then((content) => scanContentRisksCached({ skill: entry.name, files: content.files }))
        .then((findings) => findings.map((finding) => finding.code))
        .catch(() => undefined);
      scans.set(entry, scan);
    }
    return scan;
  };
  const baseSubject = async (entry: SkillEntry): Promise<PolicySubject> => {
    if (options.subjectOf !== undefined) return options.subjectOf(entry);
    const manifest =
      entry.manifest ?? createManifest({ name: entry.name, description: entry.description });
    const subject: PolicySubject = { manifest, scope: entry.scope };
    if (store !== undefined) subject.enabled = await store.isEnabled(entry.name);
    return subject;
  };
  // Signatures are checked only when the policy requires them, so hosts without it pay nothing.
  const withSignature = async (entry: SkillEntry, subject: PolicySubject, fresh: boolean) => {
    if (policy.requireSigned !== true || subject.signature !== undefined) return subject;
    const signature = await verifyEntrySignature(registry, entry, options.trust, fresh);
    return { ...subject, signature };
  };
  // `fresh` (a use of the skill) verifies its signature again: a listing may rely on the cache.
  const subjectOf = async (entry: SkillEntry, fresh = false): Promise<PolicySubject> => {
    const subject = await withSignature(entry, await baseSubject(entry), fresh);
    if (policy.contentRisks !== 'block' || subject.contentRisks !== undefined) return subject;
    const risks = await contentRisksOf(entry);
    return risks === undefined ? subject : { ...subject, contentRisks: risks };
  };
  const decideOn = async (entry: SkillEntry, entryPoint: SkillEntryPoint, fresh = false) =>
    decide(await subjectOf(entry, fresh), policy, entryPoint);

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
    policy,
    subjectOf: (entry) => subjectOf(entry),
    decide: (entry, entryPoint) => decideOn(entry, entryPoint),
    decideSubject: (subject, entryPoint) => decide(subject, policy, entryPoint),
    list,
    async find(name, entryPoint) {
      const entry = await registry.resolve(name);
      if (entry === undefined) return undefined;
      const decision = await decideOn(entry, entryPoint);
      return decision.allowed ? { entry, decision } : undefined;
    },
    withApprove: (other) => {
      const { approve: _approve, ...rest } = options;
      return createPolicyGate(other === undefined ? rest : { ...rest, approve: other });
    },
    async authorize(name, entryPoint, tool, lookup = {}) {
      const entry =
        lookup.includeInvalid === true ? await registry.get(name) : await registry.resolve(name);
      if (entry === undefined) return unknown(name, entryPoint, lookup);
      const decision = await decideOn(entry, entryPoint, true);
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
