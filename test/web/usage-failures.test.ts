import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, resizeTo, takeScreenshots } from './take-screenshots.ts';

const HOUR_MS = 60 * 60 * 1000;

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** The cells of a table's body rows, as the text they show, each run of white space one space. */
async function rows(table: Locator): Promise<string[][]> {
  const found = await table.locator('tbody tr').all();
  return Promise.all(
    found.map(async (row) =>
      (await row.locator('th, td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()),
    ),
  );
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  const workspaceId = app.owner.workspaceId;
  await app.addSkill(
    skillText('github-release', { description: 'Cut a release. Use when asked to release.' }),
  );
  const support = await app.addAgent({ name: 'support-bot' });
  const deployer = await app.addAgent({ name: 'deploy-bot' });
  const gone = await app.addAgent({ name: 'gone-bot' });
  await app.store.agents.delete({ workspaceId, id: gone.agentId as string });
  const now = Date.now();
  const refused = (agentId: string | undefined, hoursAgo: number) => ({
    workspaceId,
    skillName: 'github-release',
    trigger: 'model',
    principal: { kind: 'agent' as const, id: agentId as string },
    outcome: 'permission_denied',
    at: new Date(now - hoursAgo * HOUR_MS - 60_000),
  });
  await app.store.usage.recordMany([
    refused(support.agentId, 30),
    refused(support.agentId, 4),
    refused(support.agentId, 2),
    refused(deployer.agentId, 5),
    refused(gone.agentId, 50),
  ]);
  browser = await launchBrowser();
  // axe is injected as an inline script, which the app's CSP would refuse.
  context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('usage failures', () => {
  it('name the agent of each failure and link it to the page where its rules change', async () => {
    await page.goto(`${server.url}/usage`);
    await page.getByRole('heading', { name: 'Failures (5)' }).waitFor();
    const failures = page.getByRole('table', { name: 'Failures' });
    const refusal = 'The policy refused it permission_denied';
    await eventually(() => rows(failures)).toEqual([
      ['github-release', refusal, 'support-bot (agent)', '3', '2 hours ago'],
      ['github-release', refusal, 'deploy-bot (agent)', '1', '5 hours ago'],
      ['github-release', refusal, 'A deleted agent', '1', '2 days ago'],
    ]);
    expect(await failures.getByRole('link', { name: 'deploy-bot' }).getAttribute('href')).toBe(
      '/agents/deploy-bot',
    );
    // A deleted agent has no page to link to.
    expect(await failures.getByRole('link', { name: /deleted/ }).count()).toBe(0);

    // A phone shows the other columns under the skill, the agent's name still linked.
    await resizeTo(page, PHONE);
    await eventually(async () => (await rows(failures))[0]?.[0]).toBe(
      'github-release The policy refused it permission_denied support-bot (agent) Last 2 hours ago',
    );
    expect(await failures.getByRole('link', { name: 'support-bot' }).getAttribute('href')).toBe(
      '/agents/support-bot',
    );
    await resizeTo(page, DESKTOP);

    expect(await auditBothWidths(page)).toEqual([]);
    expect((await takeScreenshots(page, 'usage-failures')).scrollsSideways).toBe(false);

    const support = failures.getByRole('link', { name: 'support-bot' });
    expect(await support.getAttribute('href')).toBe('/agents/support-bot');
    await support.click();
    await page.getByRole('heading', { name: 'support-bot', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Permissions', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agents/support-bot');
  });
});
