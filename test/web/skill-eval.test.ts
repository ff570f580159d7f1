import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

const triggers = [
  { query: 'write the changelog for version 2.1', should_trigger: true },
  { query: 'draft release notes from the merged pull requests', should_trigger: true },
  { query: 'write a commit message for my staged changes', should_trigger: false },
  // Shares no word with any skill, so the ranker cannot surface release-notes: one sure failure.
  { query: 'bake a sourdough loaf', should_trigger: true },
];

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let viewerId: string;
const contexts: BrowserContext[] = [];

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** A fresh browser profile signed in as the owner, or as `userId`. */
async function signedInPage(userId?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server, userId);
  return page;
}

async function openSkill(page: Page, name: string) {
  await page.goto(`${server.url}/skills/${name}?scope=workspace`);
  await page.getByRole('heading', { name: 'Trigger eval', level: 2 }).waitFor();
}

const section = (page: Page) => page.getByRole('region', { name: 'Trigger eval' });
const cases = (page: Page) => section(page).getByRole('table', { name: 'Eval cases' });
const figure = (page: Page, label: string) =>
  section(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** Each row of the cases table, its cells' text joined with " | ". */
async function caseRows(page: Page): Promise<string[]> {
  const rows = await cases(page).getByRole('row').all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = await row.locator('th, td').allTextContents();
      return cells.map((cell) => cell.trim()).join(' | ');
    }),
  );
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  const created = await app.store.skills.create({
    scope: 'workspace',
    workspaceId: app.owner.workspaceId,
    skillMd: skillText('release-notes', {
      description: 'Write release notes and changelogs from the merged pull requests.',
    }),
    files: [{ path: 'evals/triggers.json', content: JSON.stringify(triggers) }],
  });
  if (!created.ok) throw new Error('release-notes was not created');
  await app.addSkill(
    skillText('commit-message', { description: 'Write a commit message for the staged changes.' }),
  );
  await app.addSkill(
    skillText('pdf-forms', { description: 'Fill in PDF forms with the values the user gives.' }),
  );
  const viewer = await app.store.users.create({ name: 'Vi Viewer' });
  await app.store.members.add({
    workspaceId: app.owner.workspaceId,
    userId: viewer.id,
    role: 'viewer',
  });
  viewerId = viewer.id;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('the trigger eval on the skill page', () => {
  it('runs the eval of a skill with evals/triggers.json and keeps it as the last result', async () => {
    const page = await signedInPage();
    await openSkill(page, 'release-notes');
    await section(page).getByText('No eval has run yet').waitFor();
    expect(await section(page).getByText('skillset eval').isVisible()).toBe(true);

    await section(page).getByRole('button', { name: 'Run eval' }).click();
    await cases(page).waitFor();
    expect(await section(page).getByText('No eval has run yet').count()).toBe(0);
    // The catalog holds the built-in skills besides the three of this workspace.
    expect(
      await section(page)
        .getByText(/^Ranked search, top 3 of \d+ skills$/)
        .isVisible(),
    ).toBe(true);
    expect(await figure(page, 'Recall').textContent()).toMatch(/^\d+%$/);
    const rows = await caseRows(page);
    expect(rows[0]).toBe('Result | Expected | Rank | Query');
    expect(rows).toContain('Fail | Trigger | —not matched | bake a sourdough loaf');
    expect(rows.filter((row) => row.startsWith('Pass | ')).length).toBeGreaterThan(0);
    const failed = Number(await figure(page, 'Failed').textContent());
    expect(failed).toBe(rows.filter((row) => row.startsWith('Fail | ')).length);

    const { scrollsSideways } = await takeScreenshots(page, 'skill-eval');
    expect(scrollsSideways).toBe(false);

    await page.reload();
    await cases(page).waitFor();
    expect(await caseRows(page)).toEqual(rows);
    expect(
      await section(page)
        .getByText(/against version 1\.$/)
        .isVisible(),
    ).toBe(true);
    expect(
      await section(page)
        .getByText(/Older version/)
        .count(),
    ).toBe(0);
  });

  it("shows a viewer the last result, without the buttons to run it, and says when it's stale", async () => {
    const { app } = server;
    const skill = await app.store.skills.getByName({
      workspaceId: app.owner.workspaceId,
      name: 'release-notes',
    });
    const update = await app.store.skills.update({
      workspaceId: app.owner.workspaceId,
      id: skill?.id as string,
      expectedVersion: 1,
      skillMd: skillText('release-notes', {
        description: 'Write release notes, changelogs and announcements from merged pull requests.',
      }),
    });
    expect(update.ok).toBe(true);

    const page = await signedInPage(viewerId);
    await openSkill(page, 'release-notes');
    await cases(page).waitFor();
    expect(await caseRows(page)).toContain('Fail | Trigger | —not matched | bake a sourdough loaf');
    expect(
      await section(page).getByText('Older version: the skill is now at version 2.').isVisible(),
    ).toBe(true);
    expect(await section(page).getByRole('button').count()).toBe(0);
  });

  it("shows the server's message when the skill has no eval set", async () => {
    const page = await signedInPage();
    await openSkill(page, 'pdf-forms');
    await section(page).getByText('No eval has run yet').waitFor();
    await section(page).getByRole('button', { name: 'Run eval' }).click();
    const alert = section(page).getByRole('alert');
    await alert.waitFor();
    await eventually(() => alert.textContent()).toContain(
      'Skill "pdf-forms" has no evals/triggers.json',
    );
    expect(await alert.getByText('The eval did not run').isVisible()).toBe(true);
    expect(await section(page).getByRole('button', { name: 'Run eval' }).isEnabled()).toBe(true);
    await takeScreenshots(page, 'skill-eval-missing-set');
  });

  it('tells an owner running with the model that no chat model is configured', async () => {
    const page = await signedInPage();
    await openSkill(page, 'release-notes');
    await cases(page).waitFor();
    await section(page).getByRole('button', { name: 'Run with model' }).click();
    const alert = section(page).getByRole('alert');
    await alert.getByText('No chat model is configured').waitFor();
    // The last result stays in view.
    expect(await cases(page).isVisible()).toBe(true);
  });
});
