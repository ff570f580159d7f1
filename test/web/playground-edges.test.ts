import { skillText } from '@skillset/server/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBudgetSkills } from './add-budget-skills.ts';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

const SKILLS = 80;

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let page: Page;

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

async function request(method: 'POST' | 'PATCH', path: string, json: unknown) {
  const response = await server.app.request(method, path, { token: server.app.owner.token, json });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
}

const messageBox = () => page.getByRole('combobox', { name: 'Message' });
const panel = () => page.getByRole('region', { name: 'Prompt and policy' });
/** The rows of the policy trace, without the names inside an expanded group. */
const traceRows = () => panel().getByRole('list', { name: 'Policy trace' }).locator(':scope > li');

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  await addBudgetSkills(app, SKILLS);
  await app.addSkill(
    skillText('github-release', { description: 'Publish a GitHub release with its notes.' }),
  );
  const agent = await app.store.agents.create({
    workspaceId: app.owner.workspaceId,
    name: 'support-bot',
    description: 'Answers customer questions.',
  });
  await request('POST', '/api/permissions', {
    skill: 'github-release',
    action: 'deny',
    agentId: agent.id,
  });
  await request('PATCH', `/api/agents/${agent.id}`, { settings: { catalogBudget: 40 } });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('the playground’s sharp edges', () => {
  it('says a denied skill is not available to the agent, as it is typed and when sent', async () => {
    await page.goto(`${server.url}/playground?agent=support-bot`);
    await panel().getByText('Policy trace').waitFor();
    await messageBox().pressSequentially('/github-rel');
    const note = page.getByRole('list', { name: 'Not available to support-bot' });
    await note.waitFor();
    expect(await note.textContent()).toBe(
      'github-release is not available to support-bot. Rule: deny "github-release" for "support-bot" on every surface.',
    );
    await page.getByText('No skill matches /github-rel that support-bot may use').waitFor();
    expect(await page.getByRole('listbox', { name: 'Skills to invoke' }).count()).toBe(0);
    expect((await takeScreenshots(page, 'playground-unavailable-skill')).scrollsSideways).toBe(
      false,
    );
    expect(await auditBothWidths(page)).toEqual([]);

    await messageBox().pressSequentially('ease v2');
    await messageBox().press('Enter');
    const notSent = page.getByRole('alert').filter({ hasText: 'Not sent' });
    await notSent.waitFor();
    expect(await notSent.textContent()).toContain('github-release is not available to support-bot');
    expect(await messageBox().inputValue()).toBe('/github-release v2');
    await takeScreenshots(page, 'playground-not-sent', { fullPage: false });
    expect(await auditBothWidths(page)).toEqual([]);
    expect(
      await page.getByRole('log', { name: 'Conversation' }).getByText('/github-release').count(),
    ).toBe(0);
    await messageBox().fill('');
    await eventually(() => notSent.count()).toBe(0);
  });

  it('groups the skills left out for the budget into one row that lists their names', async () => {
    await page.goto(`${server.url}/playground?agent=support-bot`);
    const showButton = page.getByRole('button', { name: /^Show the \d+ names$/ });
    const show = panel().locator(showButton);
    await show.waitFor();
    const count = Number(/\d+/.exec((await show.textContent()) ?? '')?.[0]);
    expect(count).toBeGreaterThan(60);
    const group = traceRows().filter({
      has: page.getByRole('button', { name: /^(Show|Hide) the \d+ names$/ }),
    });
    expect(await group.textContent()).toContain(`${count} skills Left out: the catalog budget`);
    expect(await traceRows().filter({ hasText: 'Left out' }).count()).toBe(1);
    expect(await traceRows().count()).toBeLessThan(10);
    expect(await traceRows().filter({ hasText: 'github-release' }).textContent()).toContain(
      'Rule: deny "github-release"',
    );
    expect(await show.getAttribute('aria-expanded')).toBe('false');

    await show.click();
    const hide = panel().getByRole('button', { name: `Hide the ${count} names` });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    const names = group.getByRole('list', { name: /skills: Left out/ });
    expect(await names.getByRole('listitem').count()).toBe(count);
    expect(await names.getByRole('listitem').allTextContents()).toContain('budget-79');
    expect((await takeScreenshots(page, 'playground-trace-groups')).scrollsSideways).toBe(false);
    expect(await auditBothWidths(page)).toEqual([]);
    await hide.click();
    await eventually(() => names.count()).toBe(0);
  });
});
