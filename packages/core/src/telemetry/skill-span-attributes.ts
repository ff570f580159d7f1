import type { PolicyPrincipal } from '../policy/policy-context.ts';
import { LOCAL_PRINCIPAL } from '../policy/policy-context.ts';
import type { PolicySurface } from '../policy/policy-surface.ts';

/** Who asked, as telemetry records it: a signed-in user, an agent, or the person at the local CLI. */
export type PrincipalKind = 'user' | 'agent' | 'local';

/** How an instrumented operation ended: done, refused by policy or approval, or failed. */
export type SkillOutcome = { outcome: 'ok' } | { outcome: 'refused' | 'error'; code: string };

/**
 * What a span or counter may say about a use. Only these fields exist, so no message text,
 * argument, file content or secret can reach the exporter.
 */
export interface SkillSpanAttributes {
  skill?: string;
  /** The version the host knows: the stored version number or the author's `version` label. */
  version?: string | number;
  /** A digest the host already holds (never computed for telemetry). */
  digest?: string;
  surface?: PolicySurface;
  principal?: PrincipalKind;
  /** The model-facing tool of a tool call span. */
  tool?: string;
  /** How many skills a catalog listed, or a search returned. */
  count?: number;
  /** How many skills a catalog left out over its budget. */
  omitted?: number;
}

/** The attribute keys, all under the `skillset.` prefix (decision 0130). */
export const SKILL_ATTRIBUTE_KEYS = {
  skill: 'skillset.skill.name',
  version: 'skillset.skill.version',
  digest: 'skillset.skill.digest',
  surface: 'skillset.surface',
  principal: 'skillset.principal.kind',
  tool: 'skillset.tool.name',
  count: 'skillset.count',
  omitted: 'skillset.omitted',
  outcome: 'skillset.outcome',
  errorCode: 'skillset.error.code',
} as const;

/** The principal kind of a policy principal: the CLI's default principal is `local`. */
export function principalKindOf(principal: PolicyPrincipal): PrincipalKind {
  if (principal.kind === 'user' && principal.id === LOCAL_PRINCIPAL.id) return 'local';
  return principal.kind;
}

/** The OpenTelemetry attributes of a use and, when given, its outcome. */
export function toSpanAttributes(
  attributes: SkillSpanAttributes,
  outcome?: SkillOutcome,
): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  for (const [field, key] of Object.entries(SKILL_ATTRIBUTE_KEYS)) {
    const value = attributes[field as keyof SkillSpanAttributes];
    if (value !== undefined) result[key] = value;
  }
  if (outcome !== undefined) {
    result[SKILL_ATTRIBUTE_KEYS.outcome] = outcome.outcome;
    if (outcome.outcome !== 'ok') result[SKILL_ATTRIBUTE_KEYS.errorCode] = outcome.code;
  }
  return result;
}
