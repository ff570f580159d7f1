import { describe, expect, it } from 'vitest';
import type { RequestPrincipal } from '../app/app-env.ts';
import { requireRole, requireUser } from './require-role.ts';

const user = (role: 'owner' | 'admin' | 'member' | 'viewer'): RequestPrincipal => ({
  kind: 'user',
  tokenId: 't',
  userId: 'u',
  workspaceId: 'w',
  role,
  instanceAdmin: false,
});
const agent: RequestPrincipal = { kind: 'agent', tokenId: 't', agentId: 'a', workspaceId: 'w' };

describe('requireRole', () => {
  it('passes a role at least as strong as the minimum and returns the user', () => {
    expect(requireRole(user('owner'), 'admin').userId).toBe('u');
    expect(requireRole(user('member'), 'member').role).toBe('member');
    expect(requireRole(user('viewer'), 'viewer').role).toBe('viewer');
  });

  it('refuses a weaker role with forbidden, naming both roles', () => {
    expect(() => requireRole(user('viewer'), 'member', 'create skills')).toThrow(
      'Your role "viewer" cannot create skills; it needs "member" or stronger (owner > admin > member > viewer).',
    );
    expect(() => requireRole(user('admin'), 'owner')).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });

  it('refuses agents whatever the minimum', () => {
    expect(() => requireRole(agent, 'viewer', 'list members')).toThrow(
      'Agent tokens cannot list members; use a user token.',
    );
    expect(() => requireUser(agent, 'x')).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });
});
