import { resolveServerConfig } from '@skillset/server';
import { createIdentityServices, resolveIdentityConfig, skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcTestProvider, startOidcTestProvider } from '../support/oidc-test-provider.ts';
import {
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let smtp: SmtpTestServer;
let idp: OidcTestProvider;
let endpoint: OpenAiCompatibleServer;
let server: WebServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** People the store holds before the browser meets them. */
const people = {
  /** A member of the default workspace and of Research. */
  eve: '',
  /** A member whose address is claimed, never proven. */
  cy: '',
  /** A member with an unproven address and no single sign-on: no way back by herself. */
  dee: '',
  /** A proven address, no workspace, an invitation waiting. */
  fay: '',
};
let research: { workspaceId: string; token: string };

interface MeAnswer {
  principal: { workspaceId: string; role?: string };
  user: {
    id: string;
    name: string;
    email: string | null;
    emailVerified: boolean;
    defaultWorkspaceId: string | null;
    signInMethods: string[];
  };
  workspaces: { id: string; slug: string; role?: string }[];
}

function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** A fresh browser profile (its own cookies), allowed to use the clipboard like a person. */
async function newPerson(): Promise<Page> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

async function meOf(page: Page): Promise<MeAnswer> {
  return (await page.evaluate('fetch("/api/me").then((response) => response.json())')) as MeAnswer;
}

async function ownerApi(method: string, path: string, json?: unknown): Promise<Response> {
  return server.app.request(method, path, {
    token: server.app.owner.token,
    ...(json === undefined ? {} : { json }),
  });
}

async function addPerson(
  name: string,
  options: { email?: string; emailVerified?: boolean; workspaces: [string, 'member' | 'viewer'][] },
): Promise<string> {
  const { store } = server.app;
  const user = await store.users.create({
    name,
    ...(options.email === undefined ? {} : { email: options.email }),
    ...(options.emailVerified === undefined ? {} : { emailVerified: options.emailVerified }),
  });
  for (const [workspaceId, role] of options.workspaces) {
    await store.members.add({ workspaceId, userId: user.id, role });
  }
  return user.id;
}

const mainNavigation = (page: Page, link: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();

beforeAll(async () => {
  webDir = await buildWebUi();
  smtp = await startSmtpTestServer();
  idp = await startOidcTestProvider();
  endpoint = await startOpenAiCompatibleServer([
    { toolCalls: [{ name: 'use_skill', arguments: { skill: 'secret' } }] },
    { text: 'The recipe is SAUCE-42.' },
  ]);
  const { model } = resolveServerConfig({
    env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
  });
  const identity = createIdentityServices(
    resolveIdentityConfig({
      SKILLSET_SMTP_URL: smtp.url,
      SKILLSET_OIDC_ISSUER: idp.issuer,
      SKILLSET_OIDC_CLIENT_ID: 'skillset',
      SKILLSET_OIDC_CLIENT_SECRET: 'a-long-client-secret',
      SKILLSET_OIDC_WORKSPACE: 'default',
      SKILLSET_OIDC_LABEL: 'Example ID',
    }),
  );
  server = await startWebServer(webDir.path, {
    identity,
    chat: model === undefined ? {} : { model },
  });
  idp.register({
    clientId: 'skillset',
    clientSecret: 'a-long-client-secret',
    redirectUri: `${server.url}/auth/sso/callback`,
  });
  const home = server.app.owner.workspaceId;
  research = await server.app.addWorkspace('Research');
  await server.app.addSkill(skillText('lab-notes', { description: 'Keep lab notes.' }), {
    workspaceId: research.workspaceId,
  });
  people.eve = await addPerson('Eve Both', {
    workspaces: [
      [home, 'member'],
      [research.workspaceId, 'viewer'],
    ],
  });
  people.cy = await addPerson('Cy Claims', {
    email: 'cy@example.com',
    workspaces: [[home, 'viewer']],
  });
  people.dee = await addPerson('Dee Unproven', {
    email: 'dee@example.com',
    workspaces: [[home, 'member']],
  });
  people.fay = await addPerson('Fay Newcomer', {
    email: 'fay@example.com',
    emailVerified: true,
    workspaces: [],
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await idp?.close();
  await smtp?.close();
  await endpoint?.close();
  await webDir?.[Symbol.asyncDispose]();
});

describe('identity and tenancy, in the browser', () => {
  let owner: Page;
  let ada: Page;

  it('invites by mail from the Team page; the invitee joins through the mailed link and has proven the address', async () => {
    owner = await newPerson();
    await signIn(owner, server);
    await mainNavigation(owner, 'Team');
    await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    const mailIt = owner.getByRole('radio', { name: 'Mail it to the address' });
    await mailIt.waitFor();
    expect(await mailIt.isChecked()).toBe(true);
    await owner.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('Invitation mailed to ada@example.com (Member)').waitFor();
    expect(await owner.getByRole('button', { name: 'Copy invitation link' }).count()).toBe(0);
    const pending = owner.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(/^Mailed · expires/).waitFor();
    expect((await takeScreenshots(owner, 'identity-team-invite-mailed')).scrollsSideways).toBe(
      false,
    );

    const mail = await smtp.nextMailTo('ada@example.com');
    expect(mail.link).toMatch(new RegExp(`^${server.url}/invite/[\\w-]+$`));
    ada = await newPerson();
    await ada.goto(mail.link);
    await ada.getByRole('heading', { name: 'Join Default' }).waitFor();
    await ada.getByText('joining confirms that the address is yours').waitFor();
    expect(await ada.getByText('Sign in first, then open this link again').count()).toBe(0);
    expect((await takeScreenshots(ada, 'identity-invite-mailed')).scrollsSideways).toBe(false);
    await ada.getByLabel('Your name').fill('Ada Lovelace');
    await ada.getByRole('button', { name: 'Join Default' }).click();
    await ada.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await meOf(ada)).toMatchObject({
      principal: { role: 'member' },
      user: { name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true },
    });
  });

  it('asks someone signed in as another account to sign out before joining through a mailed invitation', async () => {
    const invited = await server.app.request(
      'POST',
      `/api/workspaces/${research.workspaceId}/invitations`,
      { token: research.token, json: { email: 'gus@example.com', role: 'member' } },
    );
    expect(invited.status).toBe(201);
    const mail = await smtp.nextMailTo('gus@example.com');
    const someoneElse = await newPerson();
    await signIn(someoneElse, server);
    await someoneElse.goto(mail.link);
    await someoneElse.getByRole('heading', { name: 'Join Research' }).waitFor();
    await someoneElse.getByRole('alert').getByText('Signed in as someone else').waitFor();
    expect(await someoneElse.getByRole('button', { name: 'Join Research' }).count()).toBe(0);
    expect((await takeScreenshots(someoneElse, 'identity-invite-not-yours')).scrollsSideways).toBe(
      false,
    );
    await someoneElse.getByRole('button', { name: 'Sign out' }).click();
    await someoneElse.getByLabel('Your name').fill('Gus Invited');
    await someoneElse.getByRole('button', { name: 'Join Research' }).click();
    await someoneElse.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await meOf(someoneElse)).toMatchObject({
      principal: { workspaceId: research.workspaceId, role: 'member' },
      user: { name: 'Gus Invited', email: 'gus@example.com', emailVerified: true },
    });
    // The owner's own session in the other browser is untouched.
    expect((await meOf(owner)).principal.role).toBe('owner');
  });

  it('signs the member out without a warning, and back in with a link mailed from the signed-out page', async () => {
    expect((await meOf(ada)).user.signInMethods).toContain('email');
    await ada.getByRole('button', { name: 'Sign out' }).click();
    await ada.getByRole('heading', { name: 'Sign in to Skillset' }).waitFor();
    await ada.getByRole('link', { name: 'Sign in with Example ID' }).waitFor();
    await ada.getByText('New to this team? Ask an admin for an invitation').waitFor();
    expect((await takeScreenshots(ada, 'identity-signed-out')).scrollsSideways).toBe(false);

    await ada.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await ada.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await ada
      .getByText('If an account has proven this address, a sign-in link is on its way')
      .waitFor();
    expect((await takeScreenshots(ada, 'identity-signed-out-mailed')).scrollsSideways).toBe(false);
    const mail = await smtp.nextMailTo('ada@example.com');
    expect(mail.link).toMatch(new RegExp(`^${server.url}/sign-in\\?code=`));
    await ada.goto(mail.link);
    await ada.getByRole('button', { name: 'Sign out' }).waitFor();
    expect((await meOf(ada)).user.name).toBe('Ada Lovelace');

    // An address no account has proven gets the same answer, and no mail.
    const unknown = await server.app.request('POST', '/api/session/email', {
      json: { email: 'cy@example.com' },
    });
    expect(unknown.status).toBe(202);
    // A link asked for next, for an address with an account, is mailed after any mail to Cy would be.
    const known = await server.app.request('POST', '/api/session/email', {
      json: { email: 'ada@example.com' },
    });
    expect(known.status).toBe(202);
    await smtp.nextMailTo('ada@example.com');
    expect(smtp.mails.filter((each) => each.to.includes('cy@example.com'))).toEqual([]);
  });

  it('signs a new person in with single sign-on from the signed-out page; they join the default workspace', async () => {
    idp.addAccount('grace', { email: 'grace@example.com', emailVerified: true, name: 'Grace' });
    const grace = await newPerson();
    await grace.goto(server.url);
    await grace.getByRole('link', { name: 'Sign in with Example ID' }).click();
    await grace.locator('input[name=login]').fill('grace');
    await grace.locator('input[name=password]').fill('anything');
    await grace.locator('button[type=submit]').click();
    await grace.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(new URL(grace.url()).pathname).toBe('/skills');
    const me = await meOf(grace);
    expect(me).toMatchObject({
      principal: { role: 'member' },
      user: { name: 'Grace', email: 'grace@example.com', emailVerified: true },
      workspaces: [{ slug: 'default' }],
    });
    expect(me.user.signInMethods).toContain('sso');
  });

  it('lets an admin mail or copy a sign-in link for a member, and the copied link signs that member in', async () => {
    await owner.reload();
    const members = owner.getByRole('list', { name: 'Members' });
    const cyRow = members.getByRole('listitem').filter({ hasText: 'Cy Claims' });
    await cyRow.getByText('unverified').waitFor();
    const adaRow = members.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
    await adaRow.waitFor();
    expect(await adaRow.getByText('unverified').count()).toBe(0);

    await owner.getByRole('button', { name: 'Sign-in links for Cy Claims' }).click();
    await owner.getByRole('menuitem', { name: 'Mail a sign-in link' }).click();
    const mailed = await smtp.nextMailTo('cy@example.com');
    expect(mailed.link).toMatch(new RegExp(`^${server.url}/sign-in\\?code=`));

    await owner.getByRole('button', { name: 'Sign-in links for Ada Lovelace' }).click();
    await owner.getByRole('menuitem', { name: 'Copy a sign-in link' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Sign-in link for Ada Lovelace' });
    await dialog.getByRole('button', { name: 'Copy sign-in link' }).click();
    await dialog.getByRole('button', { name: 'Copy sign-in link' }).getByText('Copied').waitFor();
    const link = (await owner.evaluate('navigator.clipboard.readText()')) as string;
    expect(link).toMatch(new RegExp(`^${server.url}/sign-in\\?code=`));
    expect(
      (await takeScreenshots(owner, 'identity-member-sign-in-link', { fullPage: false }))
        .scrollsSideways,
    ).toBe(false);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const elsewhere = await newPerson();
    await elsewhere.goto(link);
    await elsewhere.getByRole('button', { name: 'Sign out' }).waitFor();
    expect((await meOf(elsewhere)).user.name).toBe('Ada Lovelace');

    // Eve also belongs to Research: a link into her account is not the admin's to hold.
    await owner.getByRole('button', { name: 'Sign-in links for Eve Both' }).click();
    const copyItem = owner.getByRole('menuitem', { name: 'Copy a sign-in link' });
    await copyItem.waitFor();
    expect(await owner.getByRole('menuitem', { name: 'Mail a sign-in link' }).count()).toBe(0);
    await copyItem.click();
    const refused = owner.getByRole('dialog', { name: 'Sign-in link for Eve Both' });
    await refused.getByRole('alert').getByText('also belongs to other workspaces').waitFor();
    expect(await refused.getByRole('button', { name: 'Copy sign-in link' }).count()).toBe(0);
    await takeScreenshots(owner, 'identity-member-sign-in-link-refused', { fullPage: false });
    await refused.getByRole('button', { name: 'Cancel' }).click();
  });

  it('signs out everywhere from Settings and, when asked, revokes the member’s tokens too', async () => {
    const adaId = (await meOf(ada)).user.id;
    const { token } = await server.app.store.tokens.create({
      name: 'laptop',
      principal: { kind: 'user', userId: adaId },
    });
    const status = async () => (await server.app.request('GET', '/api/me', { token })).status;
    expect(await status()).toBe(200);
    await mainNavigation(ada, 'Settings');
    await ada.getByLabel('Also revoke my tokens').check();
    const button = ada.getByRole('button', { name: 'Sign out everywhere and revoke my tokens' });
    await button.waitFor();
    await takeScreenshots(ada, 'identity-settings-sessions');
    await button.click();
    await ada
      .getByRole('dialog', { name: 'Sign out everywhere and revoke my tokens?' })
      .getByRole('button', { name: 'Sign out and revoke' })
      .click();
    await ada.getByRole('heading', { name: 'Sign in to Skillset' }).waitFor();
    expect(await status()).toBe(401);
  });

  it('warns a member who has no way back in before signing out', async () => {
    const dee = await newPerson();
    await signIn(dee, server, people.dee);
    expect((await meOf(dee)).user.signInMethods).toEqual([]);
    await dee.getByRole('button', { name: 'Sign out' }).click();
    const dialog = dee.getByRole('dialog', { name: 'Sign out?' });
    await dialog.getByText('You cannot sign back in by yourself').waitFor();
    await dialog.getByText('so you cannot get a sign-in link by yourself').waitFor();
    await dialog.getByText('ask an admin of Default for a sign-in link').waitFor();
    await dialog.getByText('npx skillset sign-in-link --email dee@example.com').waitFor();
    expect(
      (await takeScreenshots(dee, 'identity-sign-out-warning', { fullPage: false }))
        .scrollsSideways,
    ).toBe(false);
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect((await meOf(dee)).user.name).toBe('Dee Unproven');
    await dee.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await dee.getByRole('heading', { name: 'Sign in to Skillset' }).waitFor();
  });

  it('switches a member of two workspaces to the other one, where its skills are', async () => {
    const eve = await newPerson();
    await signIn(eve, server, people.eve);
    await eve.getByRole('link', { name: 'create-skill' }).waitFor();
    expect(await eve.getByRole('link', { name: 'lab-notes' }).count()).toBe(0);
    await eve.getByRole('button', { name: 'Workspace: Default' }).click();
    await eve.getByRole('menuitem', { name: /Research/ }).waitFor();
    expect(
      (await takeScreenshots(eve, 'identity-workspace-switcher', { fullPage: false }))
        .scrollsSideways,
    ).toBe(false);
    await eve.getByRole('menuitem', { name: /Research/ }).click();
    await eve.getByRole('button', { name: 'Workspace: Research' }).waitFor();
    await eve.getByRole('link', { name: 'lab-notes' }).waitFor();
    const me = await meOf(eve);
    expect(me.principal.workspaceId).toBe(research.workspaceId);
    expect(me.user.defaultWorkspaceId).toBe(research.workspaceId);
    await eve.reload();
    await eve.getByRole('link', { name: 'lab-notes' }).waitFor();
  });

  it('shows someone in no workspace the invitations for their proven address, and joins one', async () => {
    const created = await ownerApi(
      'POST',
      `/api/workspaces/${server.app.owner.workspaceId}/invitations`,
      { email: 'fay@example.com', role: 'viewer', kind: 'open_link' },
    );
    expect(created.status).toBe(201);
    const fay = await newPerson();
    await signIn(fay, server, people.fay);
    await fay.getByRole('heading', { name: 'You are not in a workspace yet' }).waitFor();
    const invitations = fay.getByRole('list', { name: 'Invitations for you' });
    await invitations.getByText('Default').waitFor();
    expect((await takeScreenshots(fay, 'identity-no-workspace')).scrollsSideways).toBe(false);
    await invitations.getByRole('button', { name: 'Join Default' }).click();
    await fay.getByRole('navigation', { name: 'Main' }).first().waitFor();
    expect(await meOf(fay)).toMatchObject({ principal: { role: 'viewer' } });
  });

  it('gives an agent the member role, and its approval question waits on the Agents page for an admin', async () => {
    const bot = await server.app.addAgent({ name: 'helper-bot' });
    await server.app.addSkill(
      skillText('secret', { description: 'The secret recipe.', body: 'The recipe is SAUCE-42.' }),
    );
    const rule = await ownerApi('POST', '/api/permissions', {
      agentId: bot.agentId,
      skill: 'secret',
      action: 'ask',
    });
    expect(rule.status).toBe(201);

    await owner.goto(`${server.url}/agents/helper-bot`);
    await owner.getByRole('radio', { name: 'Member', exact: true }).check({ force: true });
    await owner.getByRole('button', { name: 'Save settings' }).click();
    const settings = async () =>
      (
        (await (await ownerApi('GET', `/api/agents/${bot.agentId}`)).json()) as {
          settings: { role?: string };
        }
      ).settings.role;
    await eventually(settings).toBe('member');
    await takeScreenshots(owner, 'identity-agent-role');

    await mainNavigation(owner, 'Agents');
    const card = owner.getByRole('region', { name: 'Waiting for approval' });
    await card.getByText('No agent is waiting for an answer').waitFor();
    const turn = fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bot.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'What is the secret recipe?' }),
    }).then((response) => response.text());
    const question = card.getByRole('listitem').filter({ hasText: 'Agent helper-bot' });
    await question.waitFor({ timeout: 15_000 });
    await question.getByText('secret', { exact: true }).waitFor();
    await question.getByRole('button', { name: 'Always allow' }).waitFor();
    expect((await takeScreenshots(owner, 'identity-approvals')).scrollsSideways).toBe(false);
    await question.getByRole('button', { name: 'Approve' }).click();
    expect(await turn).toContain('SAUCE-42');
    await card.getByText('No agent is waiting for an answer').waitFor();
  });
});
