import {
  createIdentityServices,
  createRuntimeTestApp,
  type IdentityServices,
  type RuntimeTestApp,
  resolveIdentityConfig,
  skillText,
  type TestPrincipal,
} from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server.ts';

/**
 * Issue 37: a proposal's review shows its offline trigger-eval result against the published
 * revision's, and a workspace may refuse to publish a proposal that lowers the recall unless the
 * reviewer overrides it — which the audit log records. Reviewers with a proven address get a mail.
 */

const REVIEWER_MAIL = 'reviewer@example.test';

const EVAL_SET = JSON.stringify([
  { query: 'which phase is the moon in tonight', should_trigger: true },
  { query: 'when is the next full moon', should_trigger: true },
  { query: 'summarise my tax return', should_trigger: false },
]);

const moon = (description: string) => ({
  content: skillText('sky-watch', { description }),
  files: { 'evals/triggers.json': EVAL_SET },
});

describe('the trigger-eval delta of a proposal', () => {
  let server: RuntimeTestApp;
  let owner: TestPrincipal;
  let member: TestPrincipal;
  let admin: TestPrincipal;
  let smtp: SmtpTestServer;
  let identity: IdentityServices;

  async function json<Body>(response: Promise<Response>, status = 200): Promise<Body> {
    const answered = await response;
    const body = await answered.text();
    if (answered.status !== status)
      throw new Error(`expected ${status}, got ${answered.status}: ${body}`);
    return JSON.parse(body) as Body;
  }

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    identity = createIdentityServices(resolveIdentityConfig({ SKILLSET_SMTP_URL: smtp.url }));
    identity.publicUrl = 'https://skills.example.test';
    server = await createRuntimeTestApp({ identity });
    owner = server.owner;
    const create = (body: unknown) =>
      json(server.request('POST', '/api/skills', { token: owner.token, json: body }), 201);
    await create(
      moon('Tell the phase of the moon and when the next full moon is. Use for lunar questions.'),
    );
    await create({
      content: skillText('tax-summary', {
        description: 'Summarise a tax return into five lines. Use for tax questions.',
      }),
    });
    await create({
      content: skillText('recipe-scaler', {
        description: 'Scale a cooking recipe to more servings. Use for recipes.',
      }),
    });
    member = await server.addUser('member');
    const reviewer = await server.store.users.create({
      name: 'Rita Reviewer',
      email: REVIEWER_MAIL,
      emailVerified: true,
    });
    await server.store.members.add({
      workspaceId: owner.workspaceId,
      userId: reviewer.id,
      role: 'admin',
    });
    const { token } = await server.store.tokens.create({
      name: 'laptop',
      principal: { kind: 'user', userId: reviewer.id },
    });
    admin = { token, workspaceId: owner.workspaceId, userId: reviewer.id };
    await json(
      server.request('PATCH', `/api/workspaces/${owner.workspaceId}`, {
        token: owner.token,
        json: { settings: { review: 'required', blockRecallDrop: true } },
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    identity?.mailer?.close();
    await smtp?.close();
  });

  it('shows recall before → after, refuses a drop, and audits the override', async () => {
    const proposal = await json<{ version: number; hash: string }>(
      server.request('PUT', '/api/skills/sky-watch', {
        token: member.token,
        json: { content: moon('Bake bread and scale recipes. Use for baking.').content },
        headers: { 'if-match': '"1"' },
      }),
      202,
    );
    const mail = await smtp.nextMailTo(REVIEWER_MAIL);
    expect(mail.subject).toBe(`sky-watch v${proposal.version} waits for your review`);
    expect(mail.link).toBe(`https://skills.example.test/proposals/sky-watch/${proposal.version}`);
    expect(smtp.mails).toHaveLength(1);
    const { review } = await json<{
      review: { eval: { cases: number; before: { recall: number }; after: { recall: number } } };
    }>(
      server.request('GET', `/api/proposals/sky-watch/${proposal.version}`, {
        token: admin.token,
      }),
    );
    expect(review.eval.cases).toBe(3);
    expect(review.eval.before.recall).toBe(1);
    expect(review.eval.after.recall).toBeLessThan(1);
    const publish = (override?: boolean) =>
      server.request('POST', `/api/skills/sky-watch/versions/${proposal.version}/publish`, {
        token: admin.token,
        json: {
          hash: proposal.hash,
          ...(override === undefined ? {} : { overrideRecallDrop: override }),
        },
        headers: { 'if-match': '"1"' },
      });
    const refused = await json<{ error: { code: string; message: string } }>(publish(), 409);
    expect(refused.error.code).toBe('recall_dropped');
    expect(refused.error.message).toMatch(/from 100% to \d+%/);
    await json(publish(true));
    const { entries } = await json<{
      entries: { action: string; details: Record<string, unknown> }[];
    }>(server.request('GET', '/api/audit?limit=50', { token: owner.token }));
    const published = entries.find((entry) => entry.action === 'skill.publish');
    expect(published?.details).toMatchObject({ overridden: true, recallDrop: { before: 1 } });
  });
});
