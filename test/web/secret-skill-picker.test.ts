import { randomBytes } from 'node:crypto';
import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, resizeTo, takeScreenshots } from './take-screenshots.ts';

const SKILLS = [
  'audit-log',
  'backup-db',
  'cache-warmup',
  'data-export',
  'deploy-app',
  'email-digest',
  'release-notes',
  'review-notes',
];

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

const form = () => page.getByRole('form', { name: 'Add a secret' });
const skillsBox = () => form().getByRole('combobox', { name: 'Skills' });
const listbox = () => page.getByRole('listbox', { name: 'Skills' });
const saveButton = () => form().getByRole('button', { name: 'Save secret' });

/** The skill names shown as chips in the form's skills field. */
async function chips(): Promise<string[]> {
  return form()
    .locator('.mantine-Pill-label')
    .evaluateAll((labels) => labels.map((label) => label.textContent ?? ''));
}

/** The suggestion Enter takes: the one the skills field names as its active descendant. */
async function highlighted(): Promise<string | null> {
  const id = await skillsBox().getAttribute('aria-activedescendant');
  if (id === null) return null;
  const option = listbox().locator(`[id="${id}"][data-combobox-selected]`);
  return (await option.count()) === 0 ? null : option.textContent();
}

/** Whether two elements' boxes on the screen share any area. */
async function overlap(first: Locator, second: Locator): Promise<boolean> {
  const a = await first.boundingBox();
  const b = await second.boundingBox();
  if (a === null || b === null) throw new Error('an element is not on the screen');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path, { secretKey: randomBytes(32).toString('base64') });
  for (const name of SKILLS) await server.app.addSkill(skillText(name));
  browser = await launchBrowser();
  // axe-core is injected as an inline script, which the app's CSP forbids.
  context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server);
  await page.goto(`${server.url}/secrets`);
  await page.getByText('No secrets yet.').waitFor();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('the secret form’s skill picker', () => {
  it('takes the highlighted suggestion on Enter, without saving the form', async () => {
    await form().getByRole('textbox', { name: 'Name' }).fill('GITHUB_TOKEN');
    await form().getByRole('textbox', { name: 'Value', exact: true }).fill('ghp_picker');
    await skillsBox().fill('relea');
    await eventually(highlighted).toBe('release-notes');
    await skillsBox().press('Enter');

    await eventually(chips).toEqual(['release-notes']);
    expect(await skillsBox().inputValue()).toBe('');
    expect(await form().getByRole('textbox', { name: 'Name' }).inputValue()).toBe('GITHUB_TOKEN');
    expect(await server.app.store.secrets.list(server.app.owner.workspaceId)).toEqual([]);
  });

  it('opens the list of suggestions off the Save button at both widths', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      // Leaving the field closes the list; coming back to it opens it again.
      await skillsBox().press('Tab');
      await resizeTo(page, viewport);
      await skillsBox().fill('e');
      await listbox().getByRole('option').first().waitFor();
      await eventually(() => listbox().getByRole('option').count()).toBeGreaterThan(3);
      expect(await overlap(listbox(), saveButton()), `at ${viewport.width} px`).toBe(false);
      expect(await overlap(listbox(), skillsBox()), `at ${viewport.width} px`).toBe(false);
      await skillsBox().fill('');
    }
    await skillsBox().fill('e');
    await listbox().getByRole('option').first().waitFor();
    await takeScreenshots(page, 'secret-skill-picker-open', { fullPage: false });
    expect(await auditBothWidths(page)).toEqual([]);
    await skillsBox().fill('');
  });

  it('warns under the field about a name no skill has, and saves the suggestions picked', async () => {
    await skillsBox().fill('deploy');
    await eventually(highlighted).toBe('deploy-app');
    // Escape closes the list, so Enter keeps what was typed.
    await skillsBox().press('Escape');
    await listbox().waitFor({ state: 'hidden' });
    await skillsBox().press('Enter');
    await eventually(chips).toEqual(['release-notes', 'deploy']);
    const warning = form().getByRole('status');
    await warning
      .getByText(
        'No skill is named “deploy” yet: once one exists, approve it here so its scripts get the secret.',
      )
      .waitFor();
    await skillsBox().press('Tab');
    await takeScreenshots(page, 'secret-skill-picker-warning', { fullPage: false });
    expect(await auditBothWidths(page)).toEqual([]);

    await form().getByRole('button', { name: 'Remove every skill' }).click();
    await eventually(chips).toEqual([]);
    await expect.poll(() => warning.textContent()).toBe('');
    await skillsBox().fill('dep');
    await eventually(highlighted).toBe('deploy-app');
    await skillsBox().press('Enter');
    await eventually(chips).toEqual(['deploy-app']);
    await skillsBox().press('Tab');
    await saveButton().click();
    await page.getByRole('table', { name: 'Secrets' }).waitFor();
    const [saved] = await server.app.store.secrets.list(server.app.owner.workspaceId);
    expect(saved?.skills).toEqual(['deploy-app']);
  });

  it('opens the list off the edit dialog’s Save button at both widths', async () => {
    await page.getByRole('button', { name: 'Edit GITHUB_TOKEN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit GITHUB_TOKEN' });
    const skills = dialog.getByRole('combobox', { name: 'Skills' });
    for (const viewport of [DESKTOP, PHONE]) {
      await resizeTo(page, viewport);
      await skills.fill('e');
      await eventually(() => listbox().getByRole('option').count()).toBeGreaterThan(3);
      const save = dialog.getByRole('button', { name: 'Save' });
      expect(await overlap(listbox(), save), `at ${viewport.width} px`).toBe(false);
      await skills.fill('');
    }
    await resizeTo(page, DESKTOP);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
