import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

async function meStatus(token: string): Promise<number> {
  const response = await fetch(`${server.url}/api/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

async function skillStatus(name: string): Promise<number> {
  const response = await server.app.request('GET', `/api/skills/${name}`, {
    token: server.app.owner.token,
  });
  return response.status;
}

/** A page of another origin (another port of the same host) that posts to the server. */
async function startAttackerSite(target: string): Promise<{ url: string; server: Server }> {
  const skill = skillText('csrf-probe', { description: 'Created by a page of another origin.' });
  const script = `fetch(${JSON.stringify(`${target}/api/skills/upload`)}, {
  method: 'POST', credentials: 'include', mode: 'no-cors',
  headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(skill)},
}).finally(() => { document.title = 'sent'; });`;
  const site = createServer((request, response) => {
    if (request.url === '/attack.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(script);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>waiting</title><script src="/attack.js"></script>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server: site };
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: DESKTOP,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('settings', () => {
  let token: string;

  it('creates a token, shows it once with a Copy button, and it works as a bearer token', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('ci');
    await page.getByLabel('Expires', { exact: true }).first().click();
    await page.getByRole('option', { name: 'In 30 days' }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Token ci created').waitFor();
    await page.getByRole('button', { name: 'Copy token' }).click();
    await page.getByRole('button', { name: 'Copy token' }).getByText('Copied').waitFor();
    token = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(token).toMatch(/^sks_\S+$/);
    expect(await page.getByText(token).isVisible()).toBe(true);
    expect(await meStatus(token)).toBe(200);
    // The row is found by its own Revoke button: a random token prefix may contain "ci".
    const row = page
      .getByRole('list', { name: 'Tokens' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Revoke ci', exact: true }) });
    await row.getByText(/expires \w+/).waitFor();
    expect(await row.textContent()).not.toContain('expires never');
    const shots = await takeScreenshots(page, 'settings-tokens');
    expect(shots.scrollsSideways).toBe(false);

    await page.reload();
    await row.waitFor();
    expect(await page.getByText(token).count()).toBe(0);
    expect(await page.content()).not.toContain(token);
  });

  it('revokes the token after confirmation, and it stops working', async () => {
    await page.getByRole('button', { name: 'Revoke ci' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await eventually(() =>
      page.getByRole('list', { name: 'Tokens' }).getByText('ci', { exact: true }).count(),
    ).toBe(0);
    expect(await meStatus(token)).toBe(401);
  });

  it('saves the workspace’s integrations, default catalog budget and content-risk block', async () => {
    // The revoke dialog of the test before may still be closing over the page.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByLabel('Only the listed integrations').check({ force: true });
    await page.getByLabel('Integrations', { exact: true }).first().fill('github');
    await page.keyboard.press('Enter');
    await page.getByLabel('Default catalog budget').fill('500');
    await page.getByLabel('Block skills with content risks').check({ force: true });
    await page.getByRole('button', { name: 'Save settings' }).click();
    // Left as they are: signing, review and the recall check.
    const untouched = {
      requireSigned: false,
      trustedSigners: [],
      revokedSigners: [],
      review: 'off',
      blockRecallDrop: false,
    };
    const read = async () => {
      const response = await server.app.request(
        'GET',
        `/api/workspaces/${server.app.owner.workspaceId}`,
        { token: server.app.owner.token },
      );
      return ((await response.json()) as { settings: unknown }).settings;
    };
    await eventually(read).toEqual({
      skillsEnabled: true,
      integrations: ['github'],
      catalogBudget: 500,
      contentRisks: 'block',
      ...untouched,
    });
    // The form takes new edits once the server has answered the save.
    const save = page.getByRole('button', { name: 'Save settings' });
    await eventually(() => save.getAttribute('data-loading')).toBeNull();
    await takeScreenshots(page, 'settings');
    await page.getByLabel('Default catalog budget').fill('');
    await page.getByLabel('Only the listed integrations').uncheck({ force: true });
    await page.getByLabel('Block skills with content risks').uncheck({ force: true });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await eventually(read).toEqual({ skillsEnabled: true, contentRisks: 'allow', ...untouched });
  });

  it('refuses a write from a page of another origin, while the same request from the app works', async () => {
    const attacker = await startAttackerSite(server.url);
    try {
      const victim = await context.newPage();
      await victim.goto(attacker.url);
      await eventually(() => victim.title()).toBe('sent');
      await victim.close();
      expect(await skillStatus('csrf-probe')).toBe(404);

      // The control: the same request from the app's own origin is accepted.
      const status = (await page.evaluate(`fetch('/api/skills/upload', {
        method: 'POST', headers: { 'content-type': 'text/plain' },
        body: ${JSON.stringify(skillText('csrf-probe', { description: 'Created by the app.' }))},
      }).then((response) => response.status)`)) as number;
      expect(status).toBe(201);
      expect(await skillStatus('csrf-probe')).toBe(200);
    } finally {
      await new Promise((resolve) => attacker.server.close(resolve));
    }
  });

  it('signs out everywhere after confirmation: every browser of the account is signed out', async () => {
    const other = await browser.newContext({ viewport: DESKTOP });
    try {
      const elsewhere = await other.newPage();
      await signIn(elsewhere, server);
      await page.goto(`${server.url}/settings`);
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await dialog.getByText('this one included').waitFor();
      expect((await takeScreenshots(page, 'settings-sign-out-everywhere')).scrollsSideways).toBe(
        false,
      );
      await dialog.getByRole('button', { name: 'Stay signed in' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await elsewhere.reload();
      await elsewhere.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(
        true,
      );

      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByRole('heading', { name: 'Sign in to Skillset' }).waitFor();
      await elsewhere.reload();
      await elsewhere.getByRole('heading', { name: 'Sign in to Skillset' }).waitFor();
    } finally {
      await other.close();
    }
  });
});
