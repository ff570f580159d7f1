import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;

/** A skill whose frontmatter is written the way people write it: flow tags, quotes, a comment. */
const formatted = (name: string) => `---
name: ${name}
# Shown in the catalog and to the model.
description: 'Write the release notes.'
tags: [release, docs]
category:   writing
---
# Release notes

Read the log since the last tag.
`;

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
  const access = {
    workspaceId: server.app.owner.workspaceId,
    userId: server.app.owner.userId as string,
  };
  const skill = await server.app.store.skills.getByName({ ...access, name, scope: 'workspace' });
  if (skill === undefined) throw new Error(`${name} not found`);
  const version = await server.app.store.skills.getVersion({
    ...access,
    id: skill.id,
    version: skill.currentVersion,
  });
  return { version: skill.currentVersion, text: version?.skillMd ?? '' };
}

async function openEditor(page: Page, name: string) {
  await page.goto(`${server.url}/skills/${name}/edit?scope=workspace`);
  await page.locator('.cm-content').waitFor();
}

/** Opens the skill's page, then the editor through its Edit link (an in-app navigation). */
async function openEditorFromSkill(page: Page, name: string) {
  await page.goto(`${server.url}/skills/${name}?scope=workspace`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.locator('.cm-content').waitFor();
}

async function typeAtEnd(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Records, for each Ctrl+S from now on, whether the page kept the browser from handling it. */
async function recordSaveKeys(page: Page) {
  await page.evaluate(`(() => {
    const seen = [];
    window.saveKeys = seen;
    window.addEventListener('keydown', (event) => {
      if (event.key.toLowerCase() === 's' && event.ctrlKey) seen.push(event.defaultPrevented);
    });
  })()`);
}

const saveKeys = (page: Page) => page.evaluate('window.saveKeys');

const skillPage = (name: string) => new RegExp(`/skills/${name}\\?scope=workspace$`);

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  for (const name of ['guarded', 'shortcut', 'kept-format', 'merged', 'both-changed', 'noted']) {
    await server.app.addSkill(formatted(name));
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('skill editor safety', () => {
  it('asks before unsaved edits are left, in the app and on reload, and not once they are saved', {
    timeout: 60_000,
  }, async () => {
    const page = await signedInPage();
    const dialogs: Dialog[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog);
      void dialog.dismiss();
    });
    const skillsLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Skills' });
    const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });

    // No edits: leaving does not ask.
    await openEditorFromSkill(page, 'guarded');
    await skillsLink.click();
    await page.waitForURL(/\/skills$/);
    expect(await prompt.count()).toBe(0);

    await openEditorFromSkill(page, 'guarded');
    const editPath = new URL(page.url()).pathname;
    await typeAtEnd(page, 'One more step.');
    await skillsLink.click();
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(editPath);
    expect(await page.locator('.cm-content').textContent()).toContain('One more step.');

    // Back is held too: the page stays where it was until the user answers.
    await page.goBack({ timeout: 5_000 }).catch(() => undefined);
    await prompt.waitFor();
    await eventually(() => new URL(page.url()).pathname).toBe(editPath);
    await prompt.getByRole('button', { name: 'Stay' }).click();
    expect(await page.locator('.cm-content').textContent()).toContain('One more step.');

    // Reload asks through the browser's own prompt; dismissing it keeps the edit.
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    await eventually(() => dialogs.map((dialog) => dialog.type())).toEqual(['beforeunload']);
    expect(await page.locator('.cm-content').textContent()).toContain('One more step.');

    // Leaving on purpose goes where the link (or Back) pointed, and nothing is saved.
    await skillsLink.click();
    await prompt.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/skills$/);
    await openEditorFromSkill(page, 'guarded');
    await typeAtEnd(page, 'Dropped step.');
    await page.goBack({ timeout: 5_000 }).catch(() => undefined);
    await prompt.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(skillPage('guarded'));
    expect((await currentSkill('guarded')).version).toBe(1);

    // Once saved, nothing asks.
    await openEditorFromSkill(page, 'guarded');
    await typeAtEnd(page, 'Saved step.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(skillPage('guarded'));
    expect((await currentSkill('guarded')).text).toContain('Saved step.');
    await page.reload();
    await skillsLink.click();
    await page.waitForURL(/\/skills$/);
    expect(dialogs).toHaveLength(1);
    expect(await prompt.count()).toBe(0);
    await page.context().close();
  });

  it('saves with Ctrl+S from the form and from the code editor, instead of the browser', async () => {
    const page = await signedInPage();
    await openEditor(page, 'shortcut');
    await recordSaveKeys(page);
    await page.getByLabel('Description').fill('Saved with the keyboard.');
    await page.keyboard.press('Control+S');
    await page.waitForURL(skillPage('shortcut'));
    expect(await currentSkill('shortcut')).toMatchObject({ version: 2 });
    expect((await currentSkill('shortcut')).text).toContain('Saved with the keyboard.');
    expect(await saveKeys(page)).toEqual([true]);

    await openEditor(page, 'shortcut');
    await recordSaveKeys(page);
    await typeAtEnd(page, 'Typed, then saved.');
    await page.keyboard.press('Control+S');
    await page.waitForURL(skillPage('shortcut'));
    const saved = await currentSkill('shortcut');
    expect(saved.version).toBe(3);
    expect(saved.text).toContain('Typed, then saved.');
    expect(await saveKeys(page)).toEqual([true]);
    await page.context().close();
  });

  it('changing only the description keeps every other line of the frontmatter byte for byte', async () => {
    const page = await signedInPage();
    await openEditor(page, 'kept-format');
    await page.getByLabel('Description').fill('Write the notes for a release.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(skillPage('kept-format'));
    expect((await currentSkill('kept-format')).text).toBe(
      formatted('kept-format').replace(
        "'Write the release notes.'",
        "'Write the notes for a release.'",
      ),
    );
    await page.context().close();
  });

  it('merges edits of different fields made meanwhile, keeping both', async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    await openEditor(first, 'merged');
    await openEditor(second, 'merged');

    await first.getByLabel('Description').fill('Their better description.');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.waitForURL(skillPage('merged'));

    await second.getByPlaceholder('Type a tag, then Enter').fill('web');
    await second.keyboard.press('Enter');
    await typeAtEnd(second, 'And mention the web.');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.waitForURL(skillPage('merged'));
    await second.getByText('Merged with version 2, saved meanwhile.', { exact: false }).waitFor();
    expect(
      await second.getByText('Kept your tags and body and their description.').isVisible(),
    ).toBe(true);

    const saved = await currentSkill('merged');
    expect(saved.version).toBe(3);
    expect(saved.text).toBe(
      formatted('merged')
        .replace("'Write the release notes.'", "'Their better description.'")
        .replace('[release, docs]', '[release, docs, web]')
        .replace('since the last tag.\n', 'since the last tag.\nAnd mention the web.'),
    );
    await first.context().close();
    await second.context().close();
  });

  it('asks per field when both changed the same one, and saves the choices', async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    await openEditor(first, 'both-changed');
    await openEditor(second, 'both-changed');

    await first.getByLabel('Description').fill('Their description.');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.waitForURL(skillPage('both-changed'));

    await second.getByLabel('Description').fill('My description.');
    await second.getByLabel('Category').fill('docs');
    await second.getByRole('button', { name: 'Save' }).click();
    const conflict = second.getByTestId('conflict-view');
    await conflict.waitFor();
    const merged = await second.getByTestId('merged-parts').textContent();
    expect(merged).toContain('category: your change');
    expect(merged).not.toContain('description');
    const description = second.getByRole('radiogroup', { name: 'Field description' });
    expect(await second.getByTestId('conflict-part').count()).toBe(1);
    const saveMerged = second.getByRole('button', { name: 'Save merged version' });
    expect(await saveMerged.isDisabled()).toBe(true);
    const { scrollsSideways } = await takeScreenshots(second, 'editor-conflict');
    expect(scrollsSideways).toBe(false);

    await description.getByRole('radio', { name: 'Theirs (version 2)' }).check();
    await saveMerged.click();
    await second.waitForURL(skillPage('both-changed'));
    const saved = await currentSkill('both-changed');
    expect(saved.version).toBe(3);
    expect(saved.text).toContain("description: 'Their description.'\n");
    expect(saved.text).toContain('category: docs\n');
    expect(saved.text).toContain('tags: [release, docs]\n');
    await first.context().close();
    await second.context().close();
  });

  it('saves a change note with the version and shows it in Versions', async () => {
    const page = await signedInPage();
    await openEditor(page, 'noted');
    await typeAtEnd(page, 'Check the changelog too.');
    await page.getByLabel('Change note').fill('Added the changelog step.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(skillPage('noted'));
    await page.getByRole('tab', { name: /^Versions/ }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    const rows = versions.locator('tbody tr');
    await eventually(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Added the changelog step.');
    expect(await rows.nth(1).textContent()).not.toContain('Added the changelog step.');
    const { scrollsSideways } = await takeScreenshots(page, 'skill-versions');
    expect(scrollsSideways).toBe(false);
    await page.context().close();
  });
});
