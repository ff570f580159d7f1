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

  it('lets at most 30 of 200 parallel wrong guesses from one address past; the rest are 429', async () => {
    await using server = await createTestApp({ trustProxy: true });
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, attempt) => trySignIn(server, `guess-${attempt}`, from)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(SIGN_IN_ATTEMPTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      200 - SIGN_IN_ATTEMPTS_PER_MINUTE,
    );
  });

  it('gives back the attempt of a sign-in that works: 30 wrong guesses still follow it', async () => {
    await using server = await createTestApp({ trustProxy: true });
    const from = { 'x-forwarded-for': '198.51.100.8' };
    const { code } = await server.store.signInCodes.create({
      userId: server.owner.userId as string,
    });
    expect((await trySignIn(server, code, from)).status).toBe(200);
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS_PER_MINUTE; attempt++) {
      expect((await trySignIn(server, `guess-${attempt}`, from)).status).toBe(404);
    }
    expect((await trySignIn(server, 'one-more', from)).status).toBe(429);
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
