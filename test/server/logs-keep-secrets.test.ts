import { Writable } from 'node:stream';
import { createTestApp } from '@skillset/server/test';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildTestZip, skillText } from './skills-test-support.ts';

/** A pino logger at the most verbose level whose lines are kept in memory. */
function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, destination), text: () => lines.join('') };
}

describe('logs keep secrets out', () => {
  it('never contain a token, a sign-in code, a skill body or a message, even when a write fails in the database', async () => {
    const captured = capturingLogger();
    await using server = await createTestApp({ logger: captured.logger });
    const secrets: string[] = [server.owner.token];
    const body = 'Body text zq7-secret-body that must stay out of logs.\n';
    secrets.push('zq7-secret-body');

    const created = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: { content: skillText('logged-skill', 'A skill whose body is secret.', body) },
    });
    expect(created.status).toBe(201);
    const uploaded = await server.request('POST', '/api/skills/upload', {
      token: server.owner.token,
      body: buildTestZip([
        { name: 'zipped/SKILL.md', content: skillText('zipped', 'Zipped.', 'zq7-zip-body\n') },
        { name: 'zipped/notes.md', content: 'zq7-zip-file\n' },
      ]),
      headers: { 'content-type': 'application/zip' },
    });
    expect(uploaded.status).toBe(201);
    secrets.push('zq7-zip-body', 'zq7-zip-file');

    const agent = await server.addAgent({ name: 'logger-agent' });
    secrets.push(agent.token);
    const invoked = await server.request('POST', '/api/skills/invoke', {
      token: agent.token,
      json: { message: '/logged-skill zq7-secret-argument' },
    });
    expect(invoked.status).toBe(200);
    secrets.push('zq7-secret-argument');

    const token = await server.request('POST', '/api/tokens', {
      token: server.owner.token,
      json: { name: 'zq7-token-name' },
    });
    expect(token.status).toBe(201);
    secrets.push(((await token.json()) as { token: string }).token);

    const { code } = await server.store.signInCodes.create({
      userId: server.owner.userId as string,
    });
    secrets.push(code);
    const signedIn = await server.request('POST', '/api/session', { json: { code } });
    expect(signedIn.status).toBe(200);
    const cookie = /skillset_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1];
    secrets.push(cookie as string);
    const badSignIn = await server.request('POST', '/api/session', {
      json: { code: 'zq7-wrong-code' },
    });
    expect([400, 401, 404]).toContain(badSignIn.status);
    const badToken = await server.request('GET', '/api/skills', { token: 'sks_zq7wrongtoken' });
    expect(badToken.status).toBe(401);
    secrets.push('zq7-wrong-code', 'sks_zq7wrongtoken');

    // A database fault during a write: the failed query's parameters hold the skill body.
    await server.store.database.execute(sql`ALTER TABLE blobs RENAME TO blobs_gone`);
    const failed = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: { content: skillText('doomed', 'Fails in the database.', 'zq7-doomed-body\n') },
    });
    expect(failed.status).toBe(500);
    secrets.push('zq7-doomed-body');
    await server.store.database.execute(sql`ALTER TABLE blobs_gone RENAME TO blobs`);

    const logs = captured.text();
    // The fault was logged (the logs are captured), with what an operator needs to act.
    expect(logs).toContain('blobs');
    for (const secret of secrets) expect(logs, `logs contain ${secret}`).not.toContain(secret);
  });
});
