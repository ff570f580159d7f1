import { skillText } from '@skillset/server/test';
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

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, server);
  return page;
}

async function currentSkill(name: string) {
  const skill = await server.app.store.skills.getByName({
    workspaceId: server.app.owner.workspaceId,
    userId: server.app.owner.userId as string,
    name,
    scope: 'workspace',
  });
  if (skill === undefined) throw new Error(`${name} not found`);
  const version = await server.app.store.skills.getVersion({
    workspaceId: server.app.owner.workspaceId,
    userId: server.app.owner.userId as string,
    id: skill.id,
    version: skill.currentVersion,
  });
  return { version: skill.currentVersion, text: version?.skillMd ?? '' };
}

const diagnostics = (page: Page) => page.getByTestId('diagnostics').locator('li');

async function openEditor(page: Page, name: string) {
  await page.goto(`${server.url}/skills/${name}?scope=workspace`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.locator('.cm-content').waitFor();
}

async function typeAtEnd(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  await server.app.addSkill(skillText('conflict-demo', { description: 'The first text.' }));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('skill editor', () => {
  it('creates a skill, showing a validation error until it is fixed', async () => {
    const page = await signedInPage();
    await page.getByRole('link', { name: 'New skill' }).click();
    await page.locator('.cm-content').waitFor();
    expect(new URL(page.url()).pathname).toBe('/skills/new');

    // Text → form: replace the whole text; the form follows.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(
      '---\nname: Greeter Skill\ndescription: Greets people.\narguments:\n  - name: who\n---\nSay hello to $who and {{ who }}, then $ARGUMENTS[1] and {{nobody}}.\n',
    );
    await eventually(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(
      'Greeter Skill',
    );
    await eventually(() => diagnostics(page).count()).toBeGreaterThan(0);
    expect(await page.locator('[data-severity="error"]').first().textContent()).toContain(
      'SKILL.md:2',
    );
    expect(await page.getByRole('button', { name: 'Create skill' }).isDisabled()).toBe(true);
    expect(await page.locator('.cm-lint-marker-error').count()).toBeGreaterThan(0);
    expect(await page.locator('.cm-skill-placeholder').allTextContents()).toEqual([
      '$who',
      '{{ who }}',
      '$ARGUMENTS[1]',
      '{{nobody}}',
    ]);
    expect(await page.locator('.cm-skill-placeholder-undeclared').textContent()).toBe('{{nobody}}');
    const { scrollsSideways } = await takeScreenshots(page, 'editor-diagnostic');
    expect(scrollsSideways).toBe(false);

    // Form → text: fix the name in the form; the error goes and the text follows.
    await page.getByLabel('Name', { exact: true }).fill('greeter');
    await eventually(() => page.getByTestId('diagnostics-summary').textContent()).toBe('No issues');
    expect(await page.locator('.cm-content').textContent()).toContain('name: greeter');
    await page.getByPlaceholder('Type a tag, then Enter').fill('social');
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('.cm-content').textContent()).toContain('- social');

    await page.getByRole('button', { name: 'Create skill' }).click();
    await page.waitForURL(/\/skills\/greeter\?scope=workspace$/);
    const saved = await currentSkill('greeter');
    expect(saved.text).toContain('name: greeter');
    expect(saved.text).toContain('Say hello to $who');
    await page.context().close();
  });

  it('resolves a conflict over the body: take theirs, then keep mine', async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    await openEditor(first, 'conflict-demo');
    await openEditor(second, 'conflict-demo');

    await typeAtEnd(first, 'Their line.');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.waitForURL(/\/skills\/conflict-demo\?scope=workspace$/);

    await typeAtEnd(second, 'My own line.');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByTestId('conflict-view').waitFor();
    expect(await second.getByRole('radiogroup', { name: /^Body/ }).isVisible()).toBe(true);
    expect(await second.getByText('Theirs (version 2)').first().isVisible()).toBe(true);
    const { scrollsSideways } = await takeScreenshots(second, 'editor-conflict-body');
    expect(scrollsSideways).toBe(false);

    await second.getByRole('button', { name: 'Take theirs' }).click();
    await eventually(() => second.locator('.cm-content').textContent()).toContain('Their line.');
    expect(await second.locator('.cm-content').textContent()).not.toContain('My own line.');
    expect(await second.getByTestId('conflict-view').count()).toBe(0);

    // Both edit version 2; the second saves first, then the first keeps its text.
    await openEditor(first, 'conflict-demo');
    await typeAtEnd(second, 'Their addition.');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.waitForURL(/\/skills\/conflict-demo\?scope=workspace$/);
    expect((await currentSkill('conflict-demo')).version).toBe(3);

    await typeAtEnd(first, 'Mine wins.');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.getByTestId('conflict-view').waitFor();
    await first.getByRole('button', { name: 'Keep mine' }).click();
    await first.waitForURL(/\/skills\/conflict-demo\?scope=workspace$/);
    const saved = await currentSkill('conflict-demo');
    expect(saved.version).toBe(4);
    expect(saved.text).toContain('Mine wins.');
    expect(saved.text).not.toContain('Their addition.');
    await first.context().close();
    await second.context().close();
    // Two people, four saves and screenshots at two widths: longer than one step on a busy machine.
  }, 90_000);
});
