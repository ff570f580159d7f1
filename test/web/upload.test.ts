import { skillText } from '@skillset/server/test';
import { strToU8, zipSync } from 'fflate';
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

function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

function zipOf(files: Record<string, string>): Buffer {
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)]))),
  );
}

async function chooseFile(name: string, buffer: Buffer) {
  await page.goto(`${server.url}/skills`);
  await page.getByRole('link', { name: 'Upload' }).click();
  await page.getByTestId('upload-drop-zone').waitFor();
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/zip',
    buffer,
  });
  await page.getByTestId('upload-preview').or(page.getByRole('alert')).first().waitFor();
}

const issueCodes = () =>
  page
    .getByTestId('diagnostics')
    .locator('li')
    .evaluateAll((items) =>
      items.map(
        (item) => `${item.getAttribute('data-severity')}:${item.getAttribute('data-code')}`,
      ),
    );

async function current(name: string) {
  const response = await page.request.get(`${server.url}/api/skills/${name}?scope=workspace`);
  return (await response.json()) as {
    version: number;
    description: string;
    files: Array<{ path: string }>;
  };
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  browser = await launchBrowser();
  // axe is injected as a script, which the app's Content-Security-Policy would block.
  page = await (await browser.newContext({ viewport: DESKTOP, bypassCSP: true })).newPage();
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('skill upload', () => {
  it('refuses to save a ZIP whose SKILL.md has errors, listing them', async () => {
    await chooseFile('broken.zip', zipOf({ 'SKILL.md': '---\nname: Broken Name\n---\nBody\n' }));
    expect(await issueCodes()).toEqual(['error:missing_description', 'error:invalid_name']);
    expect(await page.getByRole('button', { name: 'Create skill' }).isDisabled()).toBe(true);
  });

  it('previews a ZIP with its files and a folder mismatch, then saves it', async () => {
    await chooseFile(
      'zipped.zip',
      zipOf({
        'other-folder/SKILL.md': skillText('zipped-skill', { description: 'From a ZIP.' }),
        'other-folder/scripts/run.sh': 'echo hi\n',
      }),
    );
    const preview = page.getByTestId('upload-preview');
    expect(await preview.getByRole('heading', { name: 'zipped-skill' }).isVisible()).toBe(true);
    expect(await preview.getByText('other-folder/').isVisible()).toBe(true);
    expect(await preview.getByText('Unsigned', { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('table', { name: 'Files in the upload' })
        .locator('tbody tr td:first-child')
        .allTextContents(),
    ).toEqual(['SKILL.md', 'scripts/run.sh']);
    expect(await issueCodes()).toEqual(['warning:name_folder_mismatch']);
    const { scrollsSideways } = await takeScreenshots(page, 'upload-preview');
    expect(scrollsSideways).toBe(false);

    await page.getByRole('button', { name: 'Create skill' }).click();
    await page.waitForURL(/\/skills\/zipped-skill\?scope=workspace$/);
    expect(await current('zipped-skill')).toMatchObject({
      version: 1,
      files: [{ path: 'scripts/run.sh' }],
    });
  });

  it('uploads a ZIP as the new version of an existing skill', async () => {
    await chooseFile(
      'zipped-v2.zip',
      zipOf({
        'zipped-skill/SKILL.md': skillText('zipped-skill', { description: 'Second version.' }),
        'zipped-skill/README.md': '# Read me\n',
      }),
    );
    // The name exists in the workspace: the upload opens as its new version, ready to save.
    await page.getByRole('button', { name: 'Save as version 2' }).waitFor();
    expect(await page.getByRole('radio', { name: 'New version of zipped-skill' }).isChecked()).toBe(
      true,
    );
    expect(
      await page.getByText('The workspace skill zipped-skill is at version 1.').isVisible(),
    ).toBe(true);
    expect(await issueCodes()).toEqual([]);
    expect(await page.getByRole('button', { name: 'Save as version 2' }).isEnabled()).toBe(true);
    expect(await page.getByText('Valid: ready to save.').isVisible()).toBe(true);
    const { scrollsSideways } = await takeScreenshots(page, 'upload-new-version');
    expect(scrollsSideways).toBe(false);

    // Choosing "New skill" shows why it cannot be saved.
    await page.getByText('New skill', { exact: true }).click();
    await eventually(() => issueCodes()).toEqual(['error:skill_exists']);
    expect(await page.getByRole('button', { name: 'Create skill' }).isDisabled()).toBe(true);
    await page.getByText('New version of zipped-skill').click();
    await eventually(() =>
      page.getByRole('button', { name: 'Save as version 2' }).isEnabled(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Save as version 2' }).click();
    await page.waitForURL(/\/skills\/zipped-skill\?scope=workspace$/);
    await page.getByText('Second version.').first().waitFor();
    expect(await current('zipped-skill')).toMatchObject({
      version: 2,
      description: 'Second version.',
      files: [{ path: 'README.md' }],
    });
  });

  it('keeps the Workspace/Personal choice beside the preview, and saves where it says', async () => {
    await chooseFile(
      'mine.zip',
      zipOf({ 'SKILL.md': skillText('my-notes', { description: 'Only mine.' }) }),
    );
    const createIn = page.getByRole('radiogroup', { name: 'Create in' });
    await page.getByTestId('upload-preview').waitFor();
    expect(await createIn.getByRole('radio', { name: 'Workspace' }).isChecked()).toBe(true);
    await createIn.getByText('Personal', { exact: true }).click();
    await eventually(() => createIn.getByRole('radio', { name: 'Personal' }).isChecked()).toBe(
      true,
    );
    await eventually(() => page.getByRole('button', { name: 'Create skill' }).isEnabled()).toBe(
      true,
    );
    const { scrollsSideways } = await takeScreenshots(page, 'upload-scope-beside-preview');
    expect(scrollsSideways).toBe(false);
    expect(await auditBothWidths(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create skill' }).click();
    await page.waitForURL(/\/skills\/my-notes\?scope=personal$/);
    const personal = await page.request.get(`${server.url}/api/skills/my-notes?scope=personal`);
    expect(personal.status()).toBe(200);
    const workspace = await page.request.get(`${server.url}/api/skills/my-notes?scope=workspace`);
    expect(workspace.status()).toBe(404);
  });
});
