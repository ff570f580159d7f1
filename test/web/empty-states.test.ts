import { skillText } from '@skillset/server/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  await server.app.addSkill(skillText('quiet-skill', { description: 'Nobody has used it yet.' }));
  await server.app.store.agents.create({
    workspaceId: server.app.owner.workspaceId,
    name: 'fresh-bot',
    description: 'Has no token and no rule yet.',
  });
  browser = await launchBrowser();
  // axe is injected as a script, which the app's Content-Security-Policy would block.
  page = await (await browser.newContext({ viewport: DESKTOP, bypassCSP: true })).newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('empty states', () => {
  it('say on a skill nobody used what its usage chart will show, and how a use counts', async () => {
    await page.goto(`${server.url}/skills/quiet-skill?scope=workspace`);
    await page
      .getByText(/^Nobody used this skill in the last 30 days\. A use is counted when/)
      .waitFor();
    expect(await page.getByRole('img', { name: /^Uses per day/ }).count()).toBe(0);
    expect((await takeScreenshots(page, 'empty-skill-usage')).scrollsSideways).toBe(false);
    expect(await auditBothWidths(page)).toEqual([]);
  });

  it('say on a new agent what a token and a pattern rule would do', async () => {
    await page.goto(`${server.url}/agents/fresh-bot`);
    await page.getByText(/^No tokens yet\. A tool that holds one .* acts as fresh-bot/).waitFor();
    await page.getByText(/^No pattern rules yet: each skill follows its row above/).waitFor();
    expect((await takeScreenshots(page, 'empty-agent')).scrollsSideways).toBe(false);
  });
});
