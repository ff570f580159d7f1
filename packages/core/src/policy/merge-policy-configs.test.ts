import { describe, expect, it } from 'vitest';
import { mergePolicyConfigs } from './merge-policy-configs.ts';

describe('mergePolicyConfigs', () => {
  it('returns an empty config for two empty configs', () => {
    expect(mergePolicyConfigs({}, {})).toEqual({});
  });

  it('lets the project replace the allowlist and integrations', () => {
    expect(
      mergePolicyConfigs(
        { allowlist: ['a'], integrations: ['slack'] },
        { allowlist: ['b'], integrations: [] },
      ),
    ).toEqual({ allowlist: ['b'], integrations: [] });
  });

  it('keeps user values the project does not set', () => {
    expect(mergePolicyConfigs({ allowlist: ['a'] }, { integrations: ['x'] })).toEqual({
      allowlist: ['a'],
      integrations: ['x'],
    });
  });

  it('merges config values key by key, the project winning', () => {
    expect(
      mergePolicyConfigs(
        { config: { browser: { enabled: true, profile: 'me' }, token: 'u' } },
        { config: { browser: { enabled: false }, region: 'eu' } },
      ),
    ).toEqual({ config: { browser: { enabled: false, profile: 'me' }, token: 'u', region: 'eu' } });
  });

  it('accumulates rules so that a user deny survives a project allow', () => {
    expect(
      mergePolicyConfigs(
        { rules: [{ skill: 'deploy', action: 'deny' }] },
        { rules: [{ skill: 'deploy', action: 'allow' }] },
      ).rules,
    ).toEqual([
      { skill: 'deploy', action: 'deny' },
      { skill: 'deploy', action: 'allow' },
    ]);
  });
});

describe('mergePolicyConfigs: contentRisks', () => {
  it('keeps a block from either file; otherwise the project wins', () => {
    expect(mergePolicyConfigs({ contentRisks: 'block' }, { contentRisks: 'allow' })).toEqual({
      contentRisks: 'block',
    });
    expect(mergePolicyConfigs({ contentRisks: 'allow' }, { contentRisks: 'block' })).toEqual({
      contentRisks: 'block',
    });
    expect(mergePolicyConfigs({}, { contentRisks: 'allow' })).toEqual({ contentRisks: 'allow' });
  });
});

describe('mergePolicyConfigs and signatures', () => {
  it('keeps requireSigned from either file and accumulates trusted and revoked signers', () => {
    const merged = mergePolicyConfigs(
      { requireSigned: true, trustedSigners: ['alice@example.com ssh-ed25519 AAAA'] },
      {
        requireSigned: false,
        trustedSigners: ['bob@example.com ssh-ed25519 BBBB'],
        revokedSigners: ['ssh-ed25519 CCCC'],
      },
    );
    expect(merged).toEqual({
      requireSigned: true,
      trustedSigners: ['alice@example.com ssh-ed25519 AAAA', 'bob@example.com ssh-ed25519 BBBB'],
      revokedSigners: ['ssh-ed25519 CCCC'],
    });
    expect(mergePolicyConfigs({}, { requireSigned: true }).requireSigned).toBe(true);
    expect(mergePolicyConfigs({ requireSigned: false }, {}).requireSigned).toBe(false);
  });
});
