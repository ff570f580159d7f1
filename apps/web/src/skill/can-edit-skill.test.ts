import { describe, expect, it } from 'vitest';
import type { Me } from '../api/client.ts';
import { canEditSkill } from './can-edit-skill.ts';

function me(role: NonNullable<Me['principal']['role']>, instanceAdmin = false): Me {
  return {
    principal: { kind: 'user', id: 'u1', workspaceId: 'w1', role, instanceAdmin },
    workspaces: [],
  };
}

describe('canEditSkill', () => {
  it('lets members and stronger roles edit workspace and personal skills, but not viewers', () => {
    expect(canEditSkill(me('member'), 'workspace')).toBe(true);
    expect(canEditSkill(me('owner'), 'personal')).toBe(true);
    expect(canEditSkill(me('viewer'), 'workspace')).toBe(false);
    expect(canEditSkill(undefined, 'workspace')).toBe(false);
  });

  it('keeps built-in skills read-only and public ones for instance admins', () => {
    expect(canEditSkill(me('owner', true), 'builtin')).toBe(false);
    expect(canEditSkill(me('owner'), 'public')).toBe(false);
    expect(canEditSkill(me('viewer', true), 'public')).toBe(true);
  });
});
