import { describe, expect, it } from 'vitest';
import { resolveIdentityConfig } from './identity-config.ts';

describe('resolveIdentityConfig', () => {
  it('reads nothing when nothing is set: links are shown to admins, no SSO', () => {
    expect(resolveIdentityConfig({})).toEqual({});
  });

  it('reads mail, the public URL (its origin) and single sign-on with defaults', () => {
    expect(
      resolveIdentityConfig({
        SKILLSET_SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        SKILLSET_PUBLIC_URL: 'https://skills.example.com/some/path',
        SKILLSET_OIDC_ISSUER: 'https://id.example.com',
        SKILLSET_OIDC_CLIENT_ID: 'skillset',
        SKILLSET_OIDC_ALLOWED_DOMAINS: ' Example.com, @corp.example ',
      }),
    ).toEqual({
      publicUrl: 'https://skills.example.com',
      mail: {
        smtpUrl: 'smtps://user:pass@mail.example.com:465',
        from: 'Skillset <skillset@localhost>',
      },
      sso: {
        issuer: 'https://id.example.com',
        clientId: 'skillset',
        allowedDomains: ['example.com', 'corp.example'],
        role: 'member',
        label: 'single sign-on',
      },
    });
  });

  it('names the variable that is wrong, and how to fix it', () => {
    expect(() => resolveIdentityConfig({ SKILLSET_SMTP_URL: 'mail.example.com' })).toThrow(
      /SKILLSET_SMTP_URL "mail.example.com" is not a URL/,
    );
    expect(() => resolveIdentityConfig({ SKILLSET_SMTP_URL: 'https://mail.example.com' })).toThrow(
      'SKILLSET_SMTP_URL must start with smtp: or smtps:',
    );
    expect(() => resolveIdentityConfig({ SKILLSET_OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      'needs both SKILLSET_OIDC_ISSUER and SKILLSET_OIDC_CLIENT_ID',
    );
    expect(() =>
      resolveIdentityConfig({
        SKILLSET_OIDC_ISSUER: 'http://id.example.com',
        SKILLSET_OIDC_CLIENT_ID: 'x',
      }),
    ).toThrow('must use https (http only on loopback)');
    expect(() =>
      resolveIdentityConfig({
        SKILLSET_OIDC_ISSUER: 'http://127.0.0.1:9000',
        SKILLSET_OIDC_CLIENT_ID: 'x',
        SKILLSET_OIDC_ROLE: 'owner',
      }),
    ).toThrow('use admin, member or viewer');
  });
});
