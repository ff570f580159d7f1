import type { Schemas } from '../api/client.ts';

/** A stored permission rule. */
export type PermissionRule = Schemas['PermissionRule'];

/** What the matrix sets for one skill: a rule's action, or no rule of its own. */
export type MatrixAction = 'default' | 'allow' | 'ask' | 'deny';

/** A rule as `PUT /api/permissions` takes it. */
export interface PermissionRuleInput {
  principal?: string;
  skill: string;
  surface?: PermissionRule['surface'];
  action: PermissionRule['action'];
}

const STRENGTH = { allow: 1, ask: 2, deny: 3 } as const;

/** Whether the matrix owns a rule: the agent's own, for everyone, on every surface, one exact skill. */
function isCell(rule: PermissionRule, agentId: string): boolean {
  return (
    rule.agentId === agentId &&
    rule.principal === '*' &&
    rule.surface === '*' &&
    !/[*?[\]{}]/.test(rule.skill)
  );
}

/** The matrix cells of an agent: skill name → the strongest action of its own rules. */
export function readMatrix(
  rules: readonly PermissionRule[],
  agentId: string,
): Map<string, Exclude<MatrixAction, 'default'>> {
  const cells = new Map<string, Exclude<MatrixAction, 'default'>>();
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

/** Every rule of the agent, as `PUT /api/permissions` takes them, with one skill's cell set. */
export function withMatrixAction(
  rules: readonly PermissionRule[],
  agentId: string,
  skill: string,
  action: MatrixAction,
): PermissionRuleInput[] {
  const kept = rules
    .filter((rule) => rule.agentId === agentId && !(isCell(rule, agentId) && rule.skill === skill))
    .map(({ principal, skill, surface, action }) => ({ principal, skill, surface, action }));
  return action === 'default' ? kept : [...kept, { principal: '*', skill, surface: '*', action }];
}
