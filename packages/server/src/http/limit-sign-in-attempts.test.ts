import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/create-test-app.ts';
import { SIGN_IN_ATTEMPTS_PER_MINUTE } from './limit-sign-in-attempts.ts';

function trySignIn(
  server: Awaited<ReturnType<typeof createTestApp>>,
  code: string,
  headers: Record<string, string> = {},
) {
  return server.request('POST', '/api/session', { json: { code }, headers });
}

describe('sign-in attempts and a trusted proxy', () => {
  it('refuses the attempt after 30 a minute from one address with 429 and Retry-After; another address goes on', async () => {
    await using server = await createTestApp({ trustProxy: true });
    const from = (address: string) => ({ 'x-forwarded-for': `203.0.113.9, ${address}` });
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS_PER_MINUTE; attempt++) {
      expect((await trySignIn(server, `guess-${attempt}`, from('198.51.100.1'))).status).toBe(404);
    }
    const refused = await trySignIn(server, 'one-more', from('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await trySignIn(server, 'other', from('198.51.100.2'))).status).toBe(404);
  });

  it('marks the session cookie Secure behind a trusted https proxy, and trusts no header otherwise', async () => {
    const cookieOf = async (trustProxy: boolean) => {
      await using server = await createTestApp({ trustProxy });
      const { code } = await server.store.signInCodes.create({
        userId: server.owner.userId as string,
      });
      const response = await trySignIn(server, code, { 'x-forwarded-proto': 'https' });
      expect(response.status).toBe(200);
      return response.headers.get('set-cookie') ?? '';
    };
    expect(await cookieOf(true)).toMatch(/; Secure/);
    expect(await cookieOf(false)).not.toMatch(/; Secure/);
  });
});
