import { randomBytes } from 'node:crypto';
import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAccessibility, describeViolations } from './audit-accessibility.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

const VALUE = 'ghp_browser-value-9f3a1c';

let webDir: BuiltWebUi;
let server: WebServer;
let unkeyed: WebServer;
let browser: Browser;
let page: Page;
const contexts: BrowserContext[] = [];

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** A fresh browser profile. */
async function newPage(): Promise<Page> {
  // axe-core is injected as an inline script, which the app's CSP forbids.
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  contexts.push(context);
  const created = await context.newPage();
  created.setDefaultTimeout(15_000);
  return created;
}

/** The cells of a table's body rows, as text. */
async function rows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

/** What the owner's workspace gives the current revision of a skill's scripts for GITHUB_TOKEN. */
async function valuesFor(skillName: string) {
  const { workspaceId } = server.app.owner;
  const revision = await server.app.store.secrets.revisionOf(workspaceId, skillName);
  if (revision === undefined) throw new Error(`no skill ${skillName}`);
  const given = await server.app.store.secrets.valuesFor({
    workspaceId,
    skillName,
    names: ['GITHUB_TOKEN'],
    revision,
  });
  return given.values;
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path, { secretKey: randomBytes(32).toString('base64') });
  unkeyed = await startWebServer(webDir.path);
  await server.app.addSkill(skillText('release-notes'));
  await server.app.addSkill(
    skillText('deploy-app', { frontmatter: 'requires:\n  env: [GITHUB_TOKEN]\n' }),
  );
  browser = await launchBrowser();
  page = await newPage();
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await unkeyed?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('the Secrets page', () => {
  it('adds a secret and lists it without its value, anywhere in the page', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Secrets' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Secrets' }).waitFor();
    await page.getByText('No secrets yet.').waitFor();
    const form = page.getByRole('form', { name: 'Add a secret' });
    await form.getByRole('button', { name: 'Save secret' }).click();
    await form.getByText('Give the secret a name, e.g. GITHUB_TOKEN.').waitFor();
    await form.getByText('Give the secret a value.').waitFor();

    await form.getByRole('textbox', { name: 'Name' }).fill('github-token');
    expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('GITHUB_TOKEN');
    await form.getByRole('textbox', { name: 'Value', exact: true }).fill(VALUE);
    expect(
      await form.getByRole('textbox', { name: 'Value', exact: true }).getAttribute('type'),
    ).toBe('password');
    const skills = form.getByRole('combobox', { name: 'Skills' });
    await skills.fill('release-notes');
    await skills.press('Enter');
    // Tab leaves the skills box, which closes its list of suggestions.
    await skills.press('Tab');
    await form.getByRole('button', { name: 'Save secret' }).click();

    const table = page.getByRole('table', { name: 'Secrets' });
    await table.waitFor();
    await eventually(() => rows(table)).toEqual([
      ['GITHUB_TOKEN', 'release-notes version 1 approved', expect.any(String), ''],
    ]);
    expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
    expect(await form.getByRole('textbox', { name: 'Value', exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(VALUE);
    expect(await page.evaluate('document.documentElement.outerHTML')).not.toContain('ghp_browser');
    expect(await valuesFor('release-notes')).toEqual({ GITHUB_TOKEN: VALUE });

    const { scrollsSideways } = await takeScreenshots(page, 'secrets');
    expect(scrollsSideways).toBe(false);
  });

  it('shows the server’s refusal of a reserved name in the form', async () => {
    const form = page.getByRole('form', { name: 'Add a secret' });
    await form.getByRole('textbox', { name: 'Name' }).fill('PATH');
    await form.getByRole('textbox', { name: 'Value', exact: true }).fill('/tmp/evil');
    await form.getByRole('button', { name: 'Save secret' }).click();
    await form
      .getByRole('alert')
      .getByText('The name PATH is reserved: scripts get it from the sandbox', { exact: false })
      .waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill('');
    await form.getByRole('alert').waitFor({ state: 'detached' });
    await form.getByRole('textbox', { name: 'Value', exact: true }).fill('');
  });

  it('shows a member’s new version as not approved, and an admin approves it in one click', async () => {
    const { workspaceId } = server.app.owner;
    const member = await server.app.addUser('member');
    const stored = await server.app.store.skills.getByName({ workspaceId, name: 'release-notes' });
    const edited = await server.app.store.skills.update({
      workspaceId,
      id: stored?.id as string,
      expectedVersion: 1,
      skillMd: skillText('release-notes', { body: 'Print the token, encoded.' }),
      actor: { kind: 'user', id: member.userId as string },
    });
    expect(edited.ok).toBe(true);
    expect(await valuesFor('release-notes')).toEqual({});
    await page.reload();
    const table = page.getByRole('table', { name: 'Secrets' });
    const memberName = (await server.app.store.users.get(member.userId as string))?.name;
    await eventually(() => rows(table)).toEqual([
      [
        'GITHUB_TOKEN',
        `release-notes version 2 by ${memberName} not approved: its scripts run without GITHUB_TOKENApprove`,
        expect.any(String),
        '',
      ],
    ]);
    const approve = table.getByRole('button', {
      name: 'Approve version 2 of release-notes for GITHUB_TOKEN',
    });
    const { scrollsSideways } = await takeScreenshots(page, 'secrets-approval');
    expect(scrollsSideways).toBe(false);
    expect(describeViolations(await auditAccessibility(page))).toEqual([]);
    await approve.click();
    await eventually(() => rows(table)).toEqual([
      ['GITHUB_TOKEN', 'release-notes version 2 approved', expect.any(String), ''],
    ]);
    expect(await valuesFor('release-notes')).toEqual({ GITHUB_TOKEN: VALUE });
    const [audit] = await server.app.store.audit.list({ workspaceId, action: 'secret.approve' });
    expect(audit?.details).toMatchObject({ skill: 'release-notes', version: 2 });
  });

  it('rebinds a secret to another skill, keeping its value', async () => {
    await page.getByRole('button', { name: 'Edit GITHUB_TOKEN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit GITHUB_TOKEN' });
    const skills = dialog.getByRole('combobox', { name: 'Skills' });
    await skills.click();
    await skills.press('Backspace');
    await skills.fill('deploy-app');
    await skills.press('Enter');
    await skills.press('Tab');
    await takeScreenshots(page, 'secrets-edit', { fullPage: false });
    expect(describeViolations(await auditAccessibility(page))).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Secrets' });
    await eventually(() => rows(table)).toEqual([
      ['GITHUB_TOKEN', 'deploy-app version 1 approved', expect.any(String), ''],
    ]);
    expect(await valuesFor('deploy-app')).toEqual({ GITHUB_TOKEN: VALUE });
    expect(await valuesFor('release-notes')).toEqual({});
  });

  it('deletes a secret only after a confirmation', async () => {
    await page.getByRole('button', { name: 'Delete GITHUB_TOKEN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete GITHUB_TOKEN?' });
    await dialog
      .getByText('Scripts of deploy-app no longer get GITHUB_TOKEN.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await server.app.store.secrets.list(server.app.owner.workspaceId)).toHaveLength(1);

    await page.getByRole('button', { name: 'Delete GITHUB_TOKEN' }).click();
    await takeScreenshots(page, 'secrets-delete', { fullPage: false });
    expect(describeViolations(await auditAccessibility(page))).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete secret' }).click();
    await page.getByText('No secrets yet.').waitFor();
    expect(await server.app.store.secrets.list(server.app.owner.workspaceId)).toEqual([]);
    expect(await valuesFor('deploy-app')).toEqual({});
  });

  it('is not offered to a member, who is told only admins may see secrets', async () => {
    const member = await server.app.addUser('member');
    const memberPage = await newPage();
    await signIn(memberPage, server, member.userId);
    const navigation = memberPage.getByRole('navigation', { name: 'Main' }).first();
    await navigation.getByRole('link', { name: 'Team' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Secrets' }).count()).toBe(0);
    await memberPage.goto(`${server.url}/secrets`);
    await memberPage
      .getByText('Only admins and owners can see and change the workspace’s secrets.')
      .waitFor();
    expect(await memberPage.getByRole('form', { name: 'Add a secret' }).count()).toBe(0);
    expect(describeViolations(await auditAccessibility(memberPage))).toEqual([]);
    const status = await memberPage.evaluate(
      'fetch("/api/secrets").then((response) => response.status)',
    );
    expect(status).toBe(403);
  });

  it('explains how to turn secrets on when the server has no key', async () => {
    const ownerPage = await newPage();
    await signIn(ownerPage, unkeyed);
    await ownerPage.goto(`${unkeyed.url}/secrets`);
    await ownerPage.getByText('Secrets are not set up on this server').waitFor();
    await ownerPage.getByText('openssl rand -base64 32').waitFor();
    await ownerPage.getByText('SKILLSET_SECRET_KEY').first().waitFor();
    expect(await ownerPage.getByRole('form', { name: 'Add a secret' }).count()).toBe(0);
    expect(describeViolations(await auditAccessibility(ownerPage))).toEqual([]);
    const { scrollsSideways } = await takeScreenshots(ownerPage, 'secrets-not-configured');
    expect(scrollsSideways).toBe(false);
  });
});
