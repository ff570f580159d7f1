import { describe, expect, it } from 'vitest';
import { createPolicyContext } from './policy-context.ts';

describe('createPolicyContext', () => {
  it('defaults to the local user with no workspace, no agent, no rules and an empty environment', () => {
    const context = createPolicyContext();
    expect(context).toMatchObject({
      principal: { kind: 'user', id: 'local' },
      rules: [],
      environment: { env: {}, platform: 'unknown' },
    });
    expect(context.workspace).toBeUndefined();
    expect(context.agent).toBeUndefined();
    expect(context.environment.hasBinary('sh')).toBe(false);
    expect([...context.environment.configKeys]).toEqual([]);
  });

  it('creates an agent level for an agent principal, closed to personal skills', () => {
    const context = createPolicyContext({ principal: { kind: 'agent', id: 'a1' } });
    expect(context.agent).toEqual({
      id: 'a1',
      skillsEnabled: true,
      allowlist: [],
      includePersonal: false,
    });
  });

  it('fills the workspace switch and keeps an absent integration list absent', () => {
    expect(createPolicyContext({ workspace: { id: 'w1' } }).workspace).toEqual({
      id: 'w1',
      skillsEnabled: true,
    });
  });

  it('folds a local config in: rules, integrations, allowlist and config keys', () => {
    const context = createPolicyContext({
      rules: [{ skill: 'b', action: 'ask' }],
      environment: { configKeys: ['explicit'] },
      config: {
        rules: [{ skill: 'a', action: 'deny' }],
        integrations: ['slack'],
        allowlist: ['pdf-*'],
        config: { browser: { enabled: true } },
      },
    });
    expect(context.rules).toEqual([
      { skill: 'a', action: 'deny' },
      { skill: 'b', action: 'ask' },
    ]);
    expect(context.workspace).toEqual({ skillsEnabled: true, integrations: ['slack'] });
    expect(context.agent).toEqual({
      skillsEnabled: true,
      allowlist: ['pdf-*'],
      includePersonal: true,
    });
    expect([...context.environment.configKeys].sort()).toEqual([
      'browser',
      'browser.enabled',
      'explicit',
    ]);
  });

  it('lets explicit settings win over the config', () => {
    const context = createPolicyContext({
      workspace: { integrations: ['github'] },
      agent: { allowlist: ['docx'] },
      config: { integrations: ['slack'], allowlist: ['pdf-*'] },
    });
    expect(context.workspace?.integrations).toEqual(['github']);
    expect(context.agent?.allowlist).toEqual(['docx']);
    expect(context.agent?.includePersonal).toBe(false);
  });
});
