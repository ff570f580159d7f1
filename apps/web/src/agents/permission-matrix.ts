import { matchesPattern } from '@skillset/core';
import type { Schemas } from '../api/client.ts';

/** A stored permission rule. */
export type PermissionRule = Schemas['PermissionRule'];

/** What the matrix sets for one skill: a rule's action, or no rule of its own. */
export type MatrixAction = 'default' | 'allow' | 'ask' | 'deny';

/** An action a rule takes. */
export type RuleAction = PermissionRule['action'];

/** Where a rule applies: one surface or `*` for every one. */
export type RuleSurface = PermissionRule['surface'];

/** A rule as `PUT /api/permissions` takes it. */
export interface PermissionRuleInput {
  principal?: string;
  skill: string;
  surface?: RuleSurface;
  action: RuleAction;
}

/** Which skills the matrix lists: every skill, paged by the server, or only the agent's own cells. */
export type PermissionView = 'all' | 'overrides';

/** The longest skill pattern the server takes (`PUT /api/permissions`, `skill`). */
export const MAX_SKILL_PATTERN_LENGTH = 200;

/** Why a skill pattern cannot be saved. */
export interface SkillPatternProblem {
  code: 'pattern_empty' | 'pattern_too_long' | 'pattern_characters' | 'pattern_one_skill';
  message: string;
}

const STRENGTH = { allow: 1, ask: 2, deny: 3 } as const;
// Skill names (letters, digits, hyphens; `:` joins MCP names) plus the only two wildcards.
const PATTERN_CHARACTERS = /^[\p{L}\p{N}_.:*?-]+$/u;

/** Whether a pattern has a wildcard; `matchesPattern` knows `*` and `?` only ([…] and {…} are literal). */
function isGlobPattern(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?');
}

/** Whether the matrix owns a rule: the agent's own, for everyone, on every surface, one exact skill. */
function isCell(rule: PermissionRule, agentId: string): boolean {
  return (
    rule.agentId === agentId &&
    rule.principal === '*' &&
    rule.surface === '*' &&
    !isGlobPattern(rule.skill)
  );
}

function toInput({ principal, skill, surface, action }: PermissionRule): PermissionRuleInput {
  return { principal, skill, surface, action };
}

/** The matrix cells of an agent: skill name → the strongest action of its own rules. */
export function readMatrix(
  rules: readonly PermissionRule[],
  agentId: string,
): Map<string, RuleAction> {
  const cells = new Map<string, RuleAction>();
  for (const rule of rules) {
    if (!isCell(rule, agentId)) continue;
    const previous = cells.get(rule.skill);
    if (previous === undefined || STRENGTH[rule.action] > STRENGTH[previous]) {
      cells.set(rule.skill, rule.action);
    }
  }
  return cells;
}

/** The rules of the agent that the matrix does not show: globs, one surface, one principal. */
export function otherAgentRules(
  rules: readonly PermissionRule[],
  agentId: string,
): PermissionRule[] {
  return rules.filter((rule) => rule.agentId === agentId && !isCell(rule, agentId));
}

/** The agent's rules outside the matrix that cover a skill, the way the server matches them. */
export function rulesCovering(
  rules: readonly PermissionRule[],
  agentId: string,
  skill: string,
): PermissionRule[] {
  return otherAgentRules(rules, agentId).filter((rule) => matchesPattern(rule.skill, skill));
}

/**
 * The rows of the "only overrides" view: the skills with a cell, plus `kept` (cells cleared while
 * the view is open, so a row does not vanish under the pointer), by name, filtered by `search`.
 */
export function listOverrides(
  cells: ReadonlyMap<string, RuleAction>,
  search: string,
  kept: Iterable<string> = [],
): Array<{ skill: string; action: MatrixAction }> {
  const wanted = search.trim().toLowerCase();
  const names = new Set([...cells.keys(), ...kept]);
  return [...names]
    .filter((skill) => skill.toLowerCase().includes(wanted))
    .sort((left, right) => left.localeCompare(right))
    .map((skill) => ({ skill, action: cells.get(skill) ?? 'default' }));
}

/** Every rule of the agent, as `PUT /api/permissions` takes them, with one skill's cell set. */
export function withMatrixAction(
  rules: readonly PermissionRule[],
  agentId: string,
  skill: string,
  action: MatrixAction,
): PermissionRuleInput[] {
  const kept = rules
    .filter((rule) => rule.agentId === agentId && !(isCell(rule, agentId) && rule.skill === skill))
    .map(toInput);
  return action === 'default' ? kept : [...kept, { principal: '*', skill, surface: '*', action }];
}

/**
 * Every rule of the agent with a pattern rule added for everyone; it replaces a rule of the same
 * pattern (ignoring case, as matching does) and surface.
 */
export function withPatternRule(
  rules: readonly PermissionRule[],
  agentId: string,
  added: { skill: string; surface: RuleSurface; action: RuleAction },
): PermissionRuleInput[] {
  const skill = added.skill.trim();
  const kept = rules
    .filter(
      (rule) =>
        rule.agentId === agentId &&
        !(
          rule.principal === '*' &&
          rule.surface === added.surface &&
          rule.skill.toLowerCase() === skill.toLowerCase()
        ),
    )
    .map(toInput);
  return [...kept, { principal: '*', skill, surface: added.surface, action: added.action }];
}

/** Every rule of the agent but one. */
export function withoutRule(
  rules: readonly PermissionRule[],
  agentId: string,
  ruleId: string,
): PermissionRuleInput[] {
  return rules.filter((rule) => rule.agentId === agentId && rule.id !== ruleId).map(toInput);
}

/**
 * Checks a skill pattern before it is sent: not empty, not longer than the server takes, only
 * name characters and the wildcards `*` and `?`, and not one exact skill on every surface (that
 * is the matrix's row).
 */
export function checkSkillPattern(
  pattern: string,
  surface: RuleSurface,
): SkillPatternProblem | undefined {
  const trimmed = pattern.trim();
  if (trimmed === '') {
    return { code: 'pattern_empty', message: 'Enter a pattern, for example release-*' };
  }
  if (trimmed.length > MAX_SKILL_PATTERN_LENGTH) {
    return {
      code: 'pattern_too_long',
      message: `The pattern is ${trimmed.length} characters long; the limit is ${MAX_SKILL_PATTERN_LENGTH}`,
    };
  }
  if (!PATTERN_CHARACTERS.test(trimmed)) {
    const bad = [...new Set(Array.from(trimmed).filter((each) => !PATTERN_CHARACTERS.test(each)))];
    const shown = bad.map((each) => (each.trim() === '' ? 'spaces' : each)).join(' ');
    return {
      code: 'pattern_characters',
      message: `Not allowed: ${shown}. Use letters, digits, - _ . : and the wildcards * (any run of characters) and ? (one character)`,
    };
  }
  if (surface === '*' && !isGlobPattern(trimmed)) {
    return {
      code: 'pattern_one_skill',
      message: `${trimmed} has no * or ?, so it is one skill: set it in the table, or choose one surface`,
    };
  }
  return undefined;
}

/** A rule in words: `deny release-*`, then ` on model` or ` for <principal>` when it is narrower. */
export function describeRule(
  rule: Pick<PermissionRule, 'action' | 'skill' | 'surface' | 'principal'>,
) {
  const where = rule.surface === '*' ? '' : ` on ${rule.surface}`;
  const who = rule.principal === '*' ? '' : ` for ${rule.principal}`;
  return `${rule.action} ${rule.skill}${where}${who}`;
}

/** The view a `?permissions=` value names; anything else is every skill. */
export function readPermissionView(value: string | null): PermissionView {
  return value === 'overrides' ? 'overrides' : 'all';
}
