import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestZip } from '../server/skills-test-support.ts';
import {
  createTestSigningKey,
  signSkillWithSshKeygen,
  type TestSigningKey,
} from '../support/sign-skill-with-ssh-keygen.ts';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, resizeTo, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let folder: string;

const BETA_DESCRIPTION = `Notes about beta, revised. ${'Long enough to be cut at the end of one line. '.repeat(6).trim()}`;

/** A ZIP of a one-file skill signed with `key`, as `skillset sign` would sign its folder. */
async function signedSkillZip(key: TestSigningKey, name: string, skillMd: string) {
  const skillFolder = join(folder, name);
  await mkdir(skillFolder);
  await writeFile(join(skillFolder, 'SKILL.md'), skillMd);
  await signSkillWithSshKeygen(skillFolder, name, key);
  const files = ['SKILL.md', 'SKILL.manifest.json', 'SKILL.sig'];
  return buildTestZip(
    await Promise.all(
      files.map(async (file) => ({
        name: `${name}/${file}`,
        content: new Uint8Array(await readFile(join(skillFolder, file))),
      })),
    ),
  );
}

async function expectStatus(response: Promise<Response>, status: number) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
}

/** Seeds three workspace skills: gamma-notes (signed, oldest), alpha-notes, beta-notes (v2, newest). */
async function seedSkills() {
  const { app } = server;
  const token = app.owner.token;
  const key = await createTestSigningKey(folder, 'alice@example.com');
  await expectStatus(
    app.request('PATCH', `/api/workspaces/${app.owner.workspaceId}`, {
      token,
      json: { settings: { trustedSigners: [key.allowedSigner] } },
    }),
    200,
  );
  const gamma = skillText('gamma-notes', { description: 'Signed notes about gamma releases.' });
  await expectStatus(
    app.request('POST', '/api/skills/upload', {
      token,
      body: await signedSkillZip(key, 'gamma-notes', gamma),
      headers: { 'content-type': 'application/zip' },
    }),
    201,
  );
  for (const name of ['alpha-notes', 'beta-notes']) {
    const content = skillText(name, { description: `Notes about ${name.split('-')[0]}.` });
    await expectStatus(app.request('POST', '/api/skills', { token, json: { content } }), 201);
  }
  await expectStatus(
    app.request('PUT', '/api/skills/beta-notes?scope=workspace', {
      token,
      headers: { 'if-match': '"1"' },
      json: { content: skillText('beta-notes', { description: BETA_DESCRIPTION }) },
    }),
    200,
  );
  for (const [name, times] of [
    ['gamma-notes', 5],
    ['alpha-notes', 3],
  ] as const) {
    for (let use = 0; use < times; use++) {
      await expectStatus(
        app.request('POST', '/api/skills/invoke', { token, json: { message: `/${name} go` } }),
        200,
      );
    }
  }
  await app.runtime.usage.flush();
}

const table = () => page.getByRole('table', { name: 'Skills' });
const rowNames = () => table().locator('tbody tr a').allInnerTexts();
const cellsOf = async (name: string) =>
  (
    await table()
      .locator('tbody tr')
      .filter({ hasText: name })
      .locator('td:visible')
      .allInnerTexts()
  ).map((text) => text.replace(/\s+/g, ' ').trim());
const sortedColumn = () => table().locator('th[aria-sort]').innerText();

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'skillset-library-table-'));
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  await seedSkills();
  browser = await launchBrowser();
  // The accessibility audit injects axe-core, which the app's CSP would refuse.
  context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, server);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe('the library as a table', () => {
  it('shows who updated each skill and when, its version, 30-day uses and signature', async () => {
    await page.goto(`${server.url}/skills?scope=workspace`);
    await page.getByRole('list', { name: 'Skills' }).waitFor();
    // Mantine draws the radio's label over the hidden input; a person clicks the label.
    await page.getByText('Table', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Table' }).isChecked()).toBe(true);
    await table().waitFor();
    expect(await table().locator('thead th').allInnerTexts()).toEqual([
      'Name',
      'Description',
      'Updated',
      'Version',
      'Uses (30 d)',
      'Signed',
    ]);
    expect(await rowNames()).toEqual(['alpha-notes', 'beta-notes', 'gamma-notes']);
    expect(await sortedColumn()).toBe('Name');
    expect(await cellsOf('gamma-notes')).toEqual([
      'gamma-notes',
      'Signed notes about gamma releases.',
      'Owner just now',
      'v1',
      '5',
      'Yes',
    ]);
    expect(await cellsOf('beta-notes')).toEqual([
      'beta-notes',
      BETA_DESCRIPTION,
      'Owner just now',
      'v2',
      '0',
      'No',
    ]);
    const description = table()
      .getByText(BETA_DESCRIPTION, { exact: true })
      .locator('visible=true');
    expect(await description.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
      true,
    );
    expect(await description.getAttribute('title')).toBe(BETA_DESCRIPTION);
  });

  it('sorts by most used and by most recently updated, with the mouse and the keyboard', async () => {
    await table().getByRole('button', { name: 'Uses (30 d)' }).click();
    await expect.poll(rowNames).toEqual(['gamma-notes', 'alpha-notes', 'beta-notes']);
    expect(await sortedColumn()).toBe('Uses (30 d)');
    expect(await table().locator('th[aria-sort]').getAttribute('aria-sort')).toBe('descending');

    await table().getByRole('button', { name: 'Updated' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(rowNames).toEqual(['beta-notes', 'alpha-notes', 'gamma-notes']);
    expect(await sortedColumn()).toBe('Updated');
  });

  it('remembers the view and the order after a reload, and stays usable on a phone', async () => {
    await page.reload();
    await table().waitFor();
    await expect.poll(rowNames).toEqual(['beta-notes', 'alpha-notes', 'gamma-notes']);
    expect(await sortedColumn()).toBe('Updated');
    expect(await page.getByRole('radio', { name: 'Table' }).isChecked()).toBe(true);

    await resizeTo(page, PHONE);
    expect(await table().locator('thead th:visible').allInnerTexts()).toEqual([
      'Name',
      'Updated',
      'Uses (30 d)',
    ]);
    expect(await cellsOf('gamma-notes')).toEqual([
      'gamma-notes Signed notes about gamma releases.',
      'Owner just now',
      '5',
    ]);
    await resizeTo(page, DESKTOP);
    const shots = await takeScreenshots(page, 'library-table');
    expect(shots.scrollsSideways).toBe(false);
    expect(await auditBothWidths(page)).toEqual([]);
  });

  it('does not pass one person’s view on to another who signs in on the same browser', async () => {
    const member = await server.app.addUser('member');
    await signIn(page, server, member.userId);
    await page.goto(`${server.url}/skills?scope=workspace`);
    await page.getByRole('list', { name: 'Skills' }).waitFor();
    expect(await table().count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Cards' }).isChecked()).toBe(true);
    expect((await takeScreenshots(page, 'library-cards')).scrollsSideways).toBe(false);

    await signIn(page, server);
    await page.goto(`${server.url}/skills?scope=workspace`);
    await table().waitFor();
    await expect.poll(rowNames).toEqual(['beta-notes', 'alpha-notes', 'gamma-notes']);
  });
});
