import { describe, expect, it } from 'vitest';
import {
  checkSkillPattern,
  describeRule,
  listOverrides,
  MAX_SKILL_PATTERN_LENGTH,
  otherAgentRules,
  type PermissionRule,
  readMatrix,
  readPermissionView,
  rulesCovering,
  withMatrixAction,
  withoutRule,
  withPatternRule,
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

  it('takes brackets and braces as part of a name, as the server matches them literally', () => {
    expect(
      Object.fromEntries(readMatrix([rule({ skill: 'a[1]{x}', action: 'deny' })], 'agent-1')),
    ).toEqual({ 'a[1]{x}': 'deny' });
  });
});

describe('otherAgentRules', () => {
  it('lists the agent’s globs and surface rules, not the cells or other agents’ rules', () => {
    expect(otherAgentRules(rules, 'agent-1').map((each) => each.skill)).toEqual(['pdf-*', 'notes']);
  });
});

describe('rulesCovering', () => {
  it('finds the agent’s patterns that match a skill, ignoring case', () => {
    expect(rulesCovering(rules, 'agent-1', 'PDF-tools').map((each) => each.skill)).toEqual([
      'pdf-*',
    ]);
    expect(rulesCovering(rules, 'agent-1', 'notes').map((each) => each.surface)).toEqual(['model']);
  });

  it('finds nothing for a skill no pattern matches, nor for another agent’s patterns', () => {
    expect(rulesCovering(rules, 'agent-1', 'pdf')).toEqual([]);
    expect(rulesCovering(rules, 'agent-2', 'pdf-tools')).toEqual([]);
  });
});

describe('listOverrides', () => {
  const cells = readMatrix(rules, 'agent-1');

  it('lists the cells by name with their actions', () => {
    expect(listOverrides(cells, '')).toEqual([
      { skill: 'deploy', action: 'deny' },
      { skill: 'haiku', action: 'ask' },
    ]);
  });

  it('filters by a part of the name, ignoring case and surrounding spaces', () => {
    expect(listOverrides(cells, ' HAI ')).toEqual([{ skill: 'haiku', action: 'ask' }]);
    expect(listOverrides(cells, 'nothing')).toEqual([]);
  });

  it('keeps a cleared cell as a default row', () => {
    expect(listOverrides(cells, '', ['alpha', 'haiku'])).toEqual([
      { skill: 'alpha', action: 'default' },
      { skill: 'deploy', action: 'deny' },
      { skill: 'haiku', action: 'ask' },
    ]);
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

describe('withPatternRule', () => {
  it('adds a trimmed pattern for everyone and keeps the agent’s other rules', () => {
    expect(
      withPatternRule(rules, 'agent-1', { skill: ' release-* ', surface: 'user', action: 'ask' }),
    ).toEqual([
      { principal: '*', skill: 'deploy', surface: '*', action: 'allow' },
      { principal: '*', skill: 'deploy', surface: '*', action: 'deny' },
      { principal: '*', skill: 'haiku', surface: '*', action: 'ask' },
      { principal: '*', skill: 'pdf-*', surface: '*', action: 'deny' },
      { principal: '*', skill: 'notes', surface: 'model', action: 'deny' },
      { principal: '*', skill: 'release-*', surface: 'user', action: 'ask' },
    ]);
  });

  it('replaces the rule of the same pattern (any case) and surface, not another surface’s', () => {
    const changed = withPatternRule(rules, 'agent-1', {
      skill: 'PDF-*',
      surface: '*',
      action: 'allow',
    });
    expect(changed.filter((each) => each.skill.toLowerCase() === 'pdf-*')).toEqual([
      { principal: '*', skill: 'PDF-*', surface: '*', action: 'allow' },
    ]);
    const other = withPatternRule(rules, 'agent-1', {
      skill: 'pdf-*',
      surface: 'read',
      action: 'allow',
    });
    expect(other.filter((each) => each.skill === 'pdf-*').map((each) => each.surface)).toEqual([
      '*',
      'read',
    ]);
  });
});

describe('withoutRule', () => {
  it('drops one rule by id and keeps the agent’s others', () => {
    expect(withoutRule(rules, 'agent-1', 'pdf-*-deny').map((each) => each.skill)).toEqual([
      'deploy',
      'deploy',
      'haiku',
      'notes',
    ]);
  });
});

describe('checkSkillPattern', () => {
  it('accepts globs and MCP names, and an exact name on one surface', () => {
    expect(checkSkillPattern('release-*', '*')).toBeUndefined();
    expect(checkSkillPattern(' hub:team:* ', '*')).toBeUndefined();
    expect(checkSkillPattern('pdf-v?', 'model')).toBeUndefined();
    expect(checkSkillPattern('notes', 'model')).toBeUndefined();
  });

  it('reports an empty pattern', () => {
    expect(checkSkillPattern('   ', '*')?.code).toBe('pattern_empty');
  });

  it('reports a pattern longer than the server takes', () => {
    expect(checkSkillPattern(`${'a'.repeat(MAX_SKILL_PATTERN_LENGTH)}*`, '*')).toEqual({
      code: 'pattern_too_long',
      message: 'The pattern is 201 characters long; the limit is 200',
    });
    expect(checkSkillPattern(`${'a'.repeat(MAX_SKILL_PATTERN_LENGTH - 1)}*`, '*')).toBeUndefined();
  });

  it('names the characters that are not allowed, brackets included', () => {
    expect(checkSkillPattern('deploy [a] *', '*')).toEqual({
      code: 'pattern_characters',
      message:
        'Not allowed: spaces [ ]. Use letters, digits, - _ . : and the wildcards * (any run of characters) and ? (one character)',
    });
    expect(checkSkillPattern('docs/{a,b}', '*')?.code).toBe('pattern_characters');
  });

  it('sends one exact skill on every surface to the table', () => {
    expect(checkSkillPattern('deploy', '*')).toEqual({
      code: 'pattern_one_skill',
      message:
        'deploy has no * or ?, so it is one skill: set it in the table, or choose one surface',
    });
  });
});

describe('describeRule', () => {
  it('says the action and pattern, and the surface and principal when narrower', () => {
    expect(describeRule(rule({ skill: 'pdf-*', action: 'deny' }))).toBe('deny pdf-*');
    expect(
      describeRule(rule({ skill: 'notes', action: 'ask', surface: 'model', principal: 'user-1' })),
    ).toBe('ask notes on model for user-1');
  });
});

describe('readPermissionView', () => {
  it('reads overrides and falls back to every skill', () => {
    expect(readPermissionView('overrides')).toBe('overrides');
    expect(readPermissionView(null)).toBe('all');
    expect(readPermissionView('something')).toBe('all');
  });
});
