import { describe, expect, it } from 'vitest';
import {
  otherAgentRules,
  type PermissionRule,
  readMatrix,
  withMatrixAction,
} from './permission-matrix.ts';

function rule(fields: Partial<PermissionRule> & Pick<PermissionRule, 'skill' | 'action'>) {
  return {
    id: `${fields.skill}-${fields.action}`,
    agentId: 'agent-1',
    principal: '*',
    surface: '*',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  } satisfies PermissionRule;
}

const rules: PermissionRule[] = [
  rule({ skill: 'deploy', action: 'allow' }),
  rule({ skill: 'deploy', action: 'deny' }),
  rule({ skill: 'haiku', action: 'ask' }),
  rule({ skill: 'pdf-*', action: 'deny' }),
  rule({ skill: 'notes', action: 'deny', surface: 'model' }),
  rule({ skill: 'secret', action: 'deny', agentId: null }),
  rule({ skill: 'other', action: 'deny', agentId: 'agent-2' }),
];

describe('readMatrix', () => {
  it('keeps the strongest exact rule of the agent per skill', () => {
    expect(Object.fromEntries(readMatrix(rules, 'agent-1'))).toEqual({
      deploy: 'deny',
      haiku: 'ask',
    });
  });
});

describe('otherAgentRules', () => {
  it('lists the agent’s globs and surface rules, not the cells or other agents’ rules', () => {
    expect(otherAgentRules(rules, 'agent-1').map((each) => each.skill)).toEqual(['pdf-*', 'notes']);
  });
});

describe('withMatrixAction', () => {
  it('replaces the cell of one skill and keeps every other rule of the agent', () => {
    expect(withMatrixAction(rules, 'agent-1', 'deploy', 'ask')).toEqual([
      { principal: '*', skill: 'haiku', surface: '*', action: 'ask' },
      { principal: '*', skill: 'pdf-*', surface: '*', action: 'deny' },
      { principal: '*', skill: 'notes', surface: 'model', action: 'deny' },
      { principal: '*', skill: 'deploy', surface: '*', action: 'ask' },
    ]);
  });

  it('removes the cell for the default', () => {
    expect(
      withMatrixAction(rules, 'agent-1', 'haiku', 'default').map((each) => each.skill),
    ).toEqual(['deploy', 'deploy', 'pdf-*', 'notes']);
  });
});
