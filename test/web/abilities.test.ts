import { skillText } from '@skillset/server/test';
import type { WorkspaceRole } from '@skillset/store';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

// The web offers each person exactly the actions the server says they may take (`can`).

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A browser profile signed in as a new user with `role` in the owner's workspace. */
async function personWith(role: WorkspaceRole): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const user = role === 'owner' ? server.app.owner : await server.app.addUser(role);
  await signIn(page, server, user.userId);
  return page;
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  await server.app.addSkill(skillText('release-notes'));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('what the web offers each role', () => {
  it('shows a viewer a skill to read, with no Edit, Delete or switch to use', async () => {
    const page = await personWith('viewer');
    await page.goto(`${server.url}/skills/release-notes?scope=workspace`);
    await page.getByRole('heading', { name: 'release-notes', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Download ZIP' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'release-notes enabled' }).isDisabled()).toBe(
      true,
    );
    const navigation = page.getByRole('navigation');
    expect(await navigation.getByRole('link', { name: /Proposals/ }).count()).toBe(0);
    expect(await navigation.getByRole('link', { name: 'Secrets' }).count()).toBe(0);
    expect((await takeScreenshots(page, 'abilities-viewer-skill')).scrollsSideways).toBe(false);
  });

  it('shows a member Edit, Delete and the switch, and Proposals but not Secrets', async () => {
    const page = await personWith('member');
    await page.goto(`${server.url}/skills/release-notes?scope=workspace`);
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    expect(await page.getByRole('switch', { name: 'release-notes enabled' }).isDisabled()).toBe(
      false,
    );
    const navigation = page.getByRole('navigation');
    expect(await navigation.getByRole('link', { name: /Proposals/ }).count()).toBe(1);
    expect(await navigation.getByRole('link', { name: 'Secrets' }).count()).toBe(0);
  });

  it("offers an admin only the roles the server lets it give, and no controls on an owner's row", async () => {
    const page = await personWith('admin');
    await page.goto(`${server.url}/team`);
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByRole('listitem').first().waitFor();
    // The owner's row: a badge, no role choice, no Remove.
    const ownerName = (await server.app.store.users.get(server.app.owner.userId as string))?.name;
    const ownerRow = members.getByRole('listitem').filter({ hasText: ownerName as string });
    expect(await ownerRow.getByRole('textbox', { name: /Role of/ }).count()).toBe(0);
    expect(await ownerRow.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    // The invitation form offers admin, member and viewer, never owner.
    await page.getByLabel('Role', { exact: true }).first().click();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toEqual(['Admin', 'Member', 'Viewer']);
    await page.keyboard.press('Escape');
    const navigation = page.getByRole('navigation');
    expect(await navigation.getByRole('link', { name: 'Secrets' }).count()).toBe(1);
    expect((await takeScreenshots(page, 'abilities-admin-team')).scrollsSideways).toBe(false);
  });
});
