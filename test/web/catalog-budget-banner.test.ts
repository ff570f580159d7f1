import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBudgetSkills } from './add-budget-skills.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, resizeTo, takeScreenshots } from './take-screenshots.ts';

const SKILLS = 80;

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let agentId: string;

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

async function patch(path: string, json: unknown) {
  const response = await server.app.request('PATCH', path, {
    token: server.app.owner.token,
    json,
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
}

const banner = (of: Page) => of.getByRole('alert').filter({ hasText: 'catalog budget' });

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  await addBudgetSkills(app, SKILLS);
  const agent = await app.store.agents.create({
    workspaceId: app.owner.workspaceId,
    name: 'narrow-bot',
    description: 'Sees few skills.',
  });
  agentId = agent.id;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP });
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

describe('the catalog budget banner', () => {
  it('says on Skills how many skills agents do not see, with the fixes, until the budget fits', async () => {
    await page.goto(`${server.url}/skills`);
    const shown = banner(page);
    await shown.waitFor();
    const title = await shown.textContent();
    const left =
      /(\d+) of (\d+) skills are (?:left out of what agents see|shown to agents by name only)/.exec(
        title ?? '',
      );
    expect(left, title ?? '').not.toBeNull();
    expect(Number(left?.[1])).toBeGreaterThan(0);
    expect(Number(left?.[2])).toBeGreaterThanOrEqual(SKILLS);
    expect(title).toContain('2,000 tokens');
    await expect
      .poll(() => shown.getByRole('link', { name: /default catalog budget in Settings/ }).count())
      .toBe(1);
    expect(await shown.getByRole('link', { name: /Health lists/ }).count()).toBe(1);
    await resizeTo(page, PHONE);
    expect(await shown.isVisible()).toBe(true);
    await takeScreenshots(page, 'catalog-budget-banner-skills');
    await resizeTo(page, DESKTOP);

    await patch(`/api/workspaces/${server.app.owner.workspaceId}`, {
      settings: { catalogBudget: 100_000 },
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Skills' }).waitFor();
    await page.getByRole('link', { name: 'budget-00', exact: true }).first().waitFor();
    await eventually(() => banner(page).count()).toBe(0);
  });

  it("says it on an agent's page for that agent's own budget", async () => {
    await patch(`/api/agents/${agentId}`, { settings: { catalogBudget: 300 } });
    await page.goto(`${server.url}/agents/narrow-bot`);
    const shown = banner(page);
    await shown.waitFor();
    expect(await shown.textContent()).toMatch(
      /\d+ of \d+ skills are left out of what narrow-bot sees: the catalog budget of 300 tokens is full/,
    );
    expect(await shown.textContent()).toContain('this agent’s catalog budget, below');
    await takeScreenshots(page, 'catalog-budget-banner-agent');
  });
});
