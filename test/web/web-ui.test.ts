import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { resizeTo } from './take-screenshots.ts';

const screenshotDir = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function screenshot(name: string, options: { fullPage?: boolean } = {}) {
  // Notifications fade out on their own; keep them out of the pictures of the pages.
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await resizeTo(page, viewport);
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${label}.png`),
      fullPage: options.fullPage ?? true,
    });
  }
  await page.setViewportSize(DESKTOP);
}

async function hasHorizontalScroll(): Promise<boolean> {
  // A string runs in the page, where `document` exists; this file is typed for Node.
  return (await page.evaluate(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth',
  )) as boolean;
}

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

async function skillNames(): Promise<string[]> {
  return page.getByRole('list', { name: 'Skills' }).getByRole('link').allTextContents();
}

beforeAll(async () => {
  await mkdir(screenshotDir, { recursive: true });
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  await app.addSkill(
    skillText('release-notes', {
      description:
        'Write release notes from merged pull requests. Use when the user asks for a changelog.',
      frontmatter: 'tags: [docs, release]\ncategory: writing\n',
      body: '# Release notes\n\nCollect the **merged** pull requests, then:\n\n1. Group them.\n2. Write one line each.\n\n```sh\ngit log --merges\n```\n',
    }),
  );
  await app.addSkill(
    skillText('deploy-app', {
      description: 'Deploy the app to staging or production.',
      frontmatter:
        'disable-model-invocation: true\nintegration: github\nrequires:\n  env: [SKILLSET_TEST_DEPLOY_KEY]\n  bins: [skillset-test-missing-bin]\n',
    }),
  );
  await app.addSkill(
    skillText('writing-style', { description: 'Write in the house style of our docs.' }),
  );
  const created = await app.store.skills.create({
    scope: 'workspace',
    workspaceId: app.owner.workspaceId,
    skillMd: skillText('pdf-fill', { description: 'Fill PDF forms from a JSON file.' }),
    files: [
      { path: 'scripts/fill.py', content: 'print("filling")\n' },
      { path: 'reference/fields.md', content: '# Fields\n' },
    ],
  });
  if (!created.ok) throw new Error('pdf-fill was not created');
  for (let index = 0; index < 60; index++) {
    await app.addSkill(
      skillText(`bulk-${String(index).padStart(2, '0')}`, { description: `Bulk skill ${index}.` }),
    );
  }
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('web UI', () => {
  it('explains how to sign in when signed out', async () => {
    await page.goto(`${server.url}/skills`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sign in to Skillset' }).isVisible())
      .toBe(true);
    expect(await page.getByText('npm start').first().isVisible()).toBe(true);
    await screenshot('signed-out');
  });

  it('signs in and lists the skills, fifty per page', async () => {
    await signIn(page, server);
    expect(new URL(page.url()).pathname).toBe('/skills');
    await page.getByRole('link', { name: 'bulk-00', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Skills', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('65 skills').isVisible()).toBe(true);
    expect(await skillNames()).toHaveLength(50);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByRole('link', { name: 'writing-style', exact: true }).waitFor();
    expect(await skillNames()).toHaveLength(15);
    await page.goto(`${server.url}/skills`);
    await page.getByRole('link', { name: 'bulk-00', exact: true }).waitFor();
    await screenshot('library', { fullPage: false });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll()).toBe(false);
    await page.setViewportSize(DESKTOP);
  });

  it('searches as you type, ranked, and filters', async () => {
    await page.getByLabel('Search skills').fill('release notes');
    await eventually(async () => (await skillNames())[0]).toBe('release-notes');
    // Any word may match, and the library says why: not every word must occur.
    await page.getByLabel('Search skills').fill('make a changelog');
    await eventually(async () => (await skillNames())[0]).toBe('release-notes');
    await page.getByText('Matched “changelog” in the description').first().waitFor();
    await screenshot('library-search-why');
    await page.getByLabel('Search skills').fill('deplo');
    await eventually(skillNames).toEqual(['deploy-app']);
    expect(page.url()).toContain('q=deplo');
    await page.getByLabel('Search skills').fill('');
    await eventually(() => page.url()).not.toContain('q=');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Scope', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Built-in', exact: true }).click();
    await eventually(skillNames).toEqual(['create-skill']);
    await page.getByLabel('Scope', { exact: true }).first().click();
    await page.getByRole('option', { name: 'All scopes' }).click();
    await page.getByLabel('Eligible', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Missing requirements' }).click();
    await eventually(skillNames).toEqual(['deploy-app']);
    await screenshot('library-filtered');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Tag').fill('docs');
    await eventually(skillNames).toEqual(['release-notes']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search skills').fill('xylophone');
    await page.getByText('No skills match').waitFor();
    await page.getByLabel('Search skills').fill('');
  });

  it('reaches the search field and the skills with the keyboard, with a visible focus ring', async () => {
    await page.goto(`${server.url}/skills`);
    await page.getByRole('link', { name: 'bulk-00', exact: true }).waitFor();
    const reached: string[] = [];
    for (let press = 0; press < 30; press++) {
      await page.keyboard.press('Tab');
      reached.push(
        (await page.evaluate(
          'document.activeElement.type === "search" ? "search field" : document.activeElement.getAttribute("aria-label") ?? document.activeElement.textContent',
        )) as string,
      );
    }
    expect(reached).toContain('search field');
    expect(reached).toContain('bulk-00');
    const outline = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle');
    expect(outline).not.toBe('none');
  });

  it('switches a skill off and on', async () => {
    await page.getByLabel('Search skills').fill('release');
    const toggle = page.getByRole('switch', { name: 'release-notes enabled' });
    // The switch shows the new state at once and ignores clicks until the server has answered.
    const saved = () => eventually(() => toggle.getAttribute('aria-busy')).not.toBe('true');
    await eventually(() => toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await eventually(() => toggle.isChecked()).toBe(false);
    await saved();
    const detail = await server.app.request('GET', '/api/skills/release-notes', {
      token: server.app.owner.token,
    });
    expect(((await detail.json()) as { enabled: boolean }).enabled).toBe(false);
    await toggle.click({ force: true });
    await eventually(() => toggle.isChecked()).toBe(true);
    await saved();
    // Switching off offers Undo, which switches it back on.
    await toggle.click({ force: true });
    await eventually(() => toggle.isChecked()).toBe(false);
    await saved();
    await page
      .locator('.mantine-Notification-root', { hasText: 'release-notes is off.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await eventually(() => toggle.isChecked()).toBe(true);
    const undone = await server.app.request('GET', '/api/skills/release-notes', {
      token: server.app.owner.token,
    });
    expect(((await undone.json()) as { enabled: boolean }).enabled).toBe(true);
  });

  it('opens a skill page with its instructions, frontmatter and eligibility', async () => {
    await page.getByRole('link', { name: 'release-notes', exact: true }).click();
    await page.getByRole('heading', { name: 'Release notes' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'release-notes' }).isVisible()).toBe(
      true,
    );
    const frontmatter = page.getByRole('table', { name: 'Frontmatter' });
    expect(await frontmatter.getByText('docs, release').isVisible()).toBe(true);
    expect(await page.getByText('Runs on this server').isVisible()).toBe(true);
    await screenshot('skill');
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll()).toBe(false);
    await page.setViewportSize(DESKTOP);

    await page.goto(`${server.url}/skills/deploy-app?scope=workspace`);
    await page.getByText('Not eligible here').waitFor();
    expect(await page.getByText('SKILLSET_TEST_DEPLOY_KEY').first().isVisible()).toBe(true);
    expect(await page.getByText('skillset-test-missing-bin').first().isVisible()).toBe(true);
    await screenshot('skill-not-eligible');
  });

  it('shows the files of a skill in a tree with a viewer', async () => {
    await page.goto(`${server.url}/skills/pdf-fill?scope=workspace`);
    await page.getByRole('tab', { name: 'Files (2)' }).click();
    await page.getByRole('button', { name: 'fill.py' }).click();
    await page.getByText('print("filling")').waitFor();
    await screenshot('skill-files');
  });

  it('compares versions and restores an old one', async () => {
    const put = await server.app.request('PUT', '/api/skills/release-notes', {
      token: server.app.owner.token,
      headers: { 'if-match': '"1"' },
      json: {
        content: skillText('release-notes', {
          description: 'Write release notes from merged pull requests.',
          frontmatter: 'tags: [docs, release]\ncategory: writing\n',
          body: '# Release notes\n\nCollect the merged pull requests since the last tag.\n',
        }),
        message: 'Shorter instructions',
      },
    });
    expect(put.status).toBe(200);
    await page.goto(`${server.url}/skills/release-notes?scope=workspace`);
    await page.getByRole('tab', { name: 'Versions (2)' }).click();
    await page.getByText('Compare versions').waitFor();
    await page.getByText('Collect the merged pull requests since the last tag.').waitFor();
    expect(await page.getByText('Collect the **merged** pull requests, then:').isVisible()).toBe(
      true,
    );
    await screenshot('skill-versions');
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('tab', { name: 'Versions (3)' }).waitFor();
    const detail = await server.app.request('GET', '/api/skills/release-notes', {
      token: server.app.owner.token,
    });
    const body = (await detail.json()) as { version: number; body: string };
    expect(body.version).toBe(3);
    expect(body.body).toContain('Collect the **merged** pull requests, then:');
    // The restore shows its own comparison, at a URL of its own that opens it again.
    await expect.poll(() => page.url()).toMatch(/[?&]from=1&to=3/);
    const linked = page.url();
    await page.goto(`${server.url}/skills`);
    await page.goto(linked);
    await page.getByText('Compare versions').waitFor();
    const compared = (label: string) =>
      page.getByRole('combobox', { name: label, exact: true }).inputValue();
    await expect.poll(() => compared('From')).toBe('Version 1');
    expect(await compared('To')).toBe('Version 3');
  });

  it('deletes a skill after confirmation, with a moment to undo it', async () => {
    const status = async () =>
      (await server.app.request('GET', '/api/skills/bulk-59', { token: server.app.owner.token }))
        .status;
    const deleteFromItsPage = async () => {
      await page.goto(`${server.url}/skills/bulk-59?scope=workspace`);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete skill' }).click();
      await page.waitForURL(`${server.url}/skills`);
    };
    await deleteFromItsPage();
    await page.getByLabel('Search skills').fill('bulk-59');
    await page.getByText('most relevant first').waitFor();
    const listed = page.getByRole('link', { name: 'bulk-59', exact: true });
    expect(await listed.count()).toBe(0);
    expect(await status()).toBe(200);
    await page.getByRole('button', { name: 'Undo' }).click();
    await listed.waitFor();
    expect(await status()).toBe(200);
    // Leaving the page sends the deletion at once rather than dropping it. The page leaves by
    // itself, as a link would: a browser-initiated jump to about:blank may move to another
    // renderer, where Chromium cuts a loaded page's unload handlers short.
    await deleteFromItsPage();
    await page.evaluate('location.assign("/healthz")');
    await page.waitForURL(`${server.url}/healthz`);
    await eventually(status).toBe(404);
  });

  it('folds the navigation into a menu on a phone', async () => {
    await signIn(page, server);
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/skills/release-notes?scope=workspace`);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.click();
    const menu = page.locator('#main-navigation-menu');
    await menu.getByRole('link', { name: 'Skills' }).waitFor();
    await screenshot('navigation-menu', { fullPage: false });
    await page.setViewportSize(PHONE);
    await menu.getByRole('link', { name: 'Skills' }).click();
    await page.waitForURL(`${server.url}/skills`);
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    expect(await hasHorizontalScroll()).toBe(false);
    await page.setViewportSize(DESKTOP);
    expect(await burger.isVisible()).toBe(false);
  });

  it('charts the uses of a skill per day', async () => {
    await signIn(page, server);
    const invoked = await server.app.request('POST', '/api/skills/invoke', {
      token: server.app.owner.token,
      json: { message: '/bulk-01 now' },
    });
    expect(invoked.status).toBe(200);
    // Usage is written in batches: wait until the API reports it, then open the page once.
    await eventually(async () => {
      const usage = await server.app.request('GET', '/api/usage?skill=bulk-01', {
        token: server.app.owner.token,
      });
      return ((await usage.json()) as { counts: unknown[] }).counts.length;
    }).toBe(1);
    await page.goto(`${server.url}/skills/bulk-01?scope=workspace`);
    await page.getByText('1 use in the last 30 days').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('img', { name: /Uses per day: 1 use/ }).isVisible()).toBe(true);
  });

  it('resets an edited built-in skill to the built-in one', async () => {
    await signIn(page, server);
    await server.app.addSkill(
      skillText('create-skill', { description: 'Our own way to write skills.' }),
    );
    await page.goto(`${server.url}/skills/create-skill?scope=workspace`);
    await page.getByRole('button', { name: 'Reset to built-in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset to built-in' }).click();
    await page.waitForURL(`${server.url}/skills/create-skill?scope=builtin`);
    const detail = await server.app.request('GET', '/api/skills/create-skill', {
      token: server.app.owner.token,
    });
    expect(((await detail.json()) as { scope: string }).scope).toBe('builtin');
    // The page shows the built-in once its query settles; the edited copy's button goes with it.
    await eventually(() => page.getByRole('button', { name: 'Reset to built-in' }).count()).toBe(0);
  });
});
