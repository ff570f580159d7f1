import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { type RealServer, startRealServer } from './start-real-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

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

function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

async function api(
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      authorization: `Bearer ${options.token ?? server.ownerToken}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function memberCount(page: Page): Promise<number> {
  return page.getByRole('list', { name: 'Members' }).getByRole('listitem').count();
}

/** Invites someone from the Team page with an open link and copies it with the page's Copy button. */
async function invite(page: Page, email: string, role: 'Admin' | 'Member'): Promise<string> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).first().click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.getByRole('button', { name: 'Create open link' }).click();
  await page.getByText(`Open link for ${email}`).waitFor();
  await page.getByRole('button', { name: 'Copy invitation link' }).click();
  await page.getByRole('button', { name: 'Copy invitation link' }).getByText('Copied').waitFor();
  const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
  expect(copied).toMatch(new RegExp(`^${server.url}/invite/[\\w-]+$`));
  return copied;
}

/** Opens an invitation link in a fresh browser, chooses a name and joins. */
async function join(link: string, name: string): Promise<Page> {
  const page = await newPerson();
  await page.goto(link);
  await page.getByRole('heading', { name: /^Join / }).waitFor();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: /^Join / }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return page;
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startRealServer(webDir.path);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('a team of three, from the browser alone', () => {
  let owner: Page;
  let bo: Page;
  let cy: Page;
  let links: { bo: string; cy: string };

  it('signs the owner in with the printed link and opens the Team page', async () => {
    owner = await newPerson();
    await owner.goto(server.signInLink);
    await owner.getByRole('button', { name: 'Sign out' }).waitFor();
    await owner
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Team' })
      .click();
    await owner.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await eventually(() => memberCount(owner)).toBe(1);
    // The invitations load on their own; they may come after the members.
    await owner.getByText('No pending invitations.').waitFor();
  });

  it('invites an admin and a member and copies each one-time link', async () => {
    links = {
      bo: await invite(owner, 'bo@example.com', 'Admin'),
      cy: await invite(owner, 'cy@example.com', 'Member'),
    };
    expect(links.bo).not.toBe(links.cy);
    const pending = owner.getByRole('list', { name: 'Pending invitations' });
    await eventually(() => pending.getByRole('listitem').count()).toBe(2);
    expect(await pending.getByText('Admin').isVisible()).toBe(true);
    expect(await pending.getByText(/^Open link: whoever holds it joins/).count()).toBe(2);
    const activity = owner.getByRole('list', { name: 'Audit log' });
    await activity.getByText('invited cy@example.com as member with an open link').waitFor();
    const shots = await takeScreenshots(owner, 'team-invitations');
    expect(shots.scrollsSideways).toBe(false);
  });

  it('lets each invitee choose a name and land signed in', async () => {
    const preview = await newPerson();
    await preview.goto(links.bo);
    await preview.getByRole('heading', { name: /^Join / }).waitFor();
    expect(await preview.getByText('bo@example.com').isVisible()).toBe(true);
    const shots = await takeScreenshots(preview, 'invitation');
    expect(shots.scrollsSideways).toBe(false);
    await preview.context().close();

    bo = await join(links.bo, 'Bo Admin');
    cy = await join(links.cy, 'Cy Member');
    const me = (await bo.evaluate('fetch("/api/me").then((response) => response.json())')) as {
      user: { name: string; email: string };
      principal: { role: string };
    };
    expect(me).toMatchObject({
      user: { name: 'Bo Admin', email: 'bo@example.com' },
      principal: { role: 'admin' },
    });
  });

  it('shows the admin a team of three, with invitations', async () => {
    await bo.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await eventually(() => memberCount(bo)).toBe(3);
    const list = bo.getByRole('list', { name: 'Members' });
    for (const name of ['Bo Admin', 'Cy Member']) {
      expect(await list.getByText(name, { exact: true }).isVisible()).toBe(true);
    }
    expect(await bo.getByRole('button', { name: 'Create open link' }).isVisible()).toBe(true);
    await bo.getByText('No pending invitations.').waitFor();
  });

  it('does not let a member invite anyone', async () => {
    await cy.goto(`${server.url}/team`);
    await eventually(() => memberCount(cy)).toBe(3);
    expect(await cy.getByRole('button', { name: 'Create open link' }).count()).toBe(0);
    expect(await cy.getByLabel(/^Role of /).count()).toBe(0);
    expect(await cy.getByText('Only admins and owners can invite people').isVisible()).toBe(true);
    const refused = (await cy.evaluate(
      `fetch("/api/me").then((response) => response.json()).then((me) =>
        fetch("/api/workspaces/" + me.principal.workspaceId + "/invitations", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "eve@example.com", role: "member" }),
        })).then((response) => response.status)`,
    )) as number;
    expect(refused).toBe(403);
    const shots = await takeScreenshots(cy, 'team-member-view');
    expect(shots.scrollsSideways).toBe(false);
  });

  it('lets the owner change a role, revoke an invitation and remove a member', async () => {
    await owner.reload();
    await eventually(() => memberCount(owner)).toBe(3);
    await owner.getByLabel('Role of Cy Member').first().click();
    await owner.getByRole('option', { name: 'Viewer', exact: true }).click();
    await owner
      .getByRole('list', { name: 'Audit log' })
      .getByText('changed Cy Member from member to viewer')
      .waitFor();
    const me = (await (await api('/api/me')).json()) as { principal: { workspaceId: string } };
    const membersPath = `/api/workspaces/${me.principal.workspaceId}/members`;
    const roles = async () =>
      Object.fromEntries(
        (
          (await (await api(membersPath)).json()) as { members: { name: string; role: string }[] }
        ).members.map((member) => [member.name, member.role]),
      );
    expect(await roles()).toMatchObject({ 'Bo Admin': 'admin', 'Cy Member': 'viewer' });

    const link = await invite(owner, 'dee@example.com', 'Member');
    await owner.getByRole('button', { name: 'Revoke the invitation for dee@example.com' }).click();
    await owner.getByText('No pending invitations.').waitFor();
    expect(
      await owner.getByText('Open link for dee@example.com (Member)', { exact: true }).count(),
    ).toBe(0);
    const closed = await newPerson();
    await closed.goto(link);
    await closed.getByRole('heading', { name: 'Invitation closed' }).waitFor();
    expect(await closed.getByText('This invitation was revoked.').isVisible()).toBe(true);

    await owner.getByRole('button', { name: 'Remove Cy Member' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
    await eventually(() => memberCount(owner)).toBe(2);
    expect(await roles()).not.toHaveProperty('Cy Member');
    await owner
      .getByRole('list', { name: 'Audit log' })
      .getByText('removed cy@example.com from the workspace')
      .waitFor();
    const shots = await takeScreenshots(owner, 'team');
    expect(shots.scrollsSideways).toBe(false);
  });

  it('shows who is signed in, in which workspace, in the user menu', async () => {
    await bo.getByRole('button', { name: 'Account: Bo Admin' }).click();
    const menu = bo.getByRole('menu');
    await menu.getByText('bo@example.com').waitFor();
    expect(await menu.getByText(/· admin$/).isVisible()).toBe(true);
    await menu.getByRole('menuitem', { name: 'Tokens and settings' }).click();
    await bo.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await bo.getByRole('button', { name: 'Sign out', exact: true }).click();
    // Bo joined by a link passed on and this server sends no mail: no way back in by himself.
    const confirm = bo.getByRole('dialog', { name: 'Sign out?' });
    await confirm.getByText('ask an admin of Default for a sign-in link').waitFor();
    await confirm.getByRole('button', { name: 'Sign out anyway' }).click();
    await bo.getByRole('heading', { name: 'Sign in to Skillset' }).waitFor();
  });
});
