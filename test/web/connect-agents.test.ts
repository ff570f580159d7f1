import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let page: Page;

/** The command as the page shows it, in the code block labelled "Command". */
async function shownCommand(): Promise<string> {
  return (await page.getByLabel('Command', { exact: true }).textContent()) ?? '';
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  browser = await launchBrowser();
  const context = await browser.newContext({
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

describe('connect your agents', () => {
  it('creates a sync token and shows a command whose token the server accepts', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const card = page.getByRole('region', { name: 'Connect your agents' });
    await card.getByRole('heading', { name: 'Connect your agents', level: 2 }).waitFor();
    expect(await card.getByRole('checkbox', { name: 'Claude Code' }).isChecked()).toBe(true);
    await takeScreenshots(page, 'settings-connect-agents-before');

    await card.getByRole('button', { name: 'Create a token and show the command' }).click();
    await card.getByLabel('Command', { exact: true }).waitFor();
    const first = await shownCommand();
    expect(first).toContain('npx skillset sync');
    expect(first).toContain(`--server ${server.url} `);
    expect(first).toMatch(/--token sks_[\w-]+ --agent claude$/);

    await card.getByRole('checkbox', { name: 'Codex' }).check();
    await card.getByRole('switch', { name: 'Keep in step (--watch)' }).check({ force: true });
    await expect.poll(shownCommand).toContain('--agent codex');
    const command = await shownCommand();
    expect(command).toMatch(/--agent claude --agent codex --watch$/);

    await card.getByRole('button', { name: 'Copy command' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(command);

    // The shown command's own server and token: the sync manifest answers it.
    const [, origin] = /--server (\S+)/.exec(command) ?? [];
    const [, token] = /--token (\S+)/.exec(command) ?? [];
    const response = await fetch(`${origin}/api/sync`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);

    const tokenName = (await card.locator('strong').textContent()) ?? '';
    expect(tokenName).toMatch(/^sync from /);
    // The row is found by its own Revoke button: a random token prefix may contain short text.
    await page
      .getByRole('list', { name: 'Tokens' })
      .getByRole('button', { name: `Revoke ${tokenName}`, exact: true })
      .waitFor();

    const shots = await takeScreenshots(page, 'settings-connect-agents');
    expect(shots.scrollsSideways).toBe(false);
  });

  it('hides the command once its token is revoked in the tokens list', async () => {
    const card = page.getByRole('region', { name: 'Connect your agents' });
    const tokenName = (await card.locator('strong').textContent()) ?? '';
    await page.getByRole('button', { name: `Revoke ${tokenName}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await card.getByRole('button', { name: 'Create a token and show the command' }).waitFor();
    expect(await card.getByLabel('Command', { exact: true }).count()).toBe(0);
  });
});
