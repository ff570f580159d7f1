import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { resolveServerConfig } from '@skillset/server';
import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { auditAccessibility, describeViolations } from './audit-accessibility.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, resizeTo, SCREENSHOT_DIR, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let endpoint: OpenAiCompatibleServer;
let server: WebServer;
let browser: Browser;
let signedIn: Page;
let signedOut: Page;
let inviteCode: string;
const contexts: BrowserContext[] = [];

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** A fresh browser profile; axe-core is injected as an inline script, which the app's CSP forbids. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A page of the app to audit: where it is, who opens it, and what shows once it has loaded. */
interface AuditedPage {
  name: string;
  path: () => string;
  ready: (page: Page) => Locator;
  signedOut?: boolean;
  /** Violations known and left to another change, listed as the audit prints them. */
  known?: string[];
}

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { level: 1, name, exact: true });

const PAGES: AuditedPage[] = [
  {
    name: 'library',
    path: () => '/skills',
    ready: (page) => page.getByRole('link', { name: 'release-notes', exact: true }),
  },
  {
    name: 'skill instructions',
    path: () => '/skills/release-notes?scope=workspace',
    ready: (page) => page.getByRole('heading', { name: 'Release notes' }),
  },
  {
    name: 'skill files',
    path: () => '/skills/release-notes?scope=workspace&tab=files&file=scripts%2Fnotes.py',
    ready: (page) => page.getByText('print("notes")'),
  },
  {
    name: 'skill versions',
    path: () => '/skills/release-notes?scope=workspace&tab=versions',
    ready: (page) => page.getByText('Compare versions'),
  },
  {
    name: 'editor',
    path: () => '/skills/release-notes/edit?scope=workspace',
    ready: (page) => page.locator('.cm-content'),
  },
  {
    name: 'skill with a task list',
    path: () => '/skills/release-checklist?scope=workspace',
    ready: (page) => page.getByRole('checkbox', { name: 'Tag the release' }),
  },
  { name: 'new skill', path: () => '/skills/new', ready: (page) => page.locator('.cm-content') },
  { name: 'upload', path: () => '/skills/upload', ready: heading('Upload a skill') },
  {
    name: 'playground',
    path: () => '/playground',
    ready: (page) =>
      page.getByRole('region', { name: 'Prompt and policy' }).getByText('Policy trace'),
  },
  {
    name: 'agents list',
    path: () => '/agents',
    ready: (page) => page.getByRole('list', { name: 'Agents' }).getByRole('link').first(),
  },
  {
    name: 'agent',
    path: () => '/agents/support-bot',
    ready: (page) => page.getByRole('region', { name: 'Permissions' }).getByRole('row').nth(1),
  },
  { name: 'health', path: () => '/health', ready: heading('Health') },
  { name: 'usage', path: () => '/usage', ready: heading('Usage') },
  {
    name: 'secrets',
    path: () => '/secrets',
    ready: (page) => page.getByRole('table', { name: 'Secrets' }).getByRole('row').nth(1),
  },
  {
    name: 'team',
    path: () => '/team',
    ready: (page) => page.getByRole('list', { name: 'Members' }).getByRole('listitem').first(),
  },
  {
    name: 'settings',
    path: () => '/settings',
    ready: heading('Settings'),
  },
  { name: 'not found', path: () => '/nowhere', ready: heading('Page not found') },
  {
    name: 'invitation',
    path: () => `/invite/${inviteCode}`,
    ready: (page) => page.getByRole('textbox', { name: 'Your name' }),
    signedOut: true,
  },
  {
    name: 'signed out',
    path: () => '/skills',
    ready: heading('Sign in to Skillset'),
    signedOut: true,
  },
];

/** Opens a page and waits until it has loaded: its content shows and no spinner is left. */
async function open(page: Page, audited: AuditedPage) {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${server.url}${audited.path()}`);
  await audited.ready(page).first().waitFor();
  await eventually(() => page.locator('.mantine-Loader:visible').count()).toBe(0);
}

/** The serious and critical violations at both widths, as lines that name each target. */
async function auditBothWidths(page: Page): Promise<string[]> {
  const lines: string[] = [];
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await resizeTo(page, viewport);
    const found = describeViolations(await auditAccessibility(page));
    lines.push(...found.map((line) => `${label} px ${line}`));
  }
  await page.setViewportSize(DESKTOP);
  return lines;
}

/** The focused element as `tag: name` (its label, or its first 40 characters of text). */
function focused(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return 'body';
    const label =
      element.getAttribute('aria-label') ??
      element.labels?.[0]?.textContent ??
      (element.isContentEditable ? 'editable text' : element.textContent ?? '');
    return element.tagName.toLowerCase() + ': ' + label.replace(/\\s+/g, ' ').trim().slice(0, 40);
  })()`) as Promise<string>;
}

/** Presses Tab until the focus is on an element that matches, and answers how many presses it took. */
async function tabTo(page: Page, matches: (name: string) => boolean, most = 40): Promise<number> {
  for (let press = 1; press <= most; press++) {
    await page.keyboard.press('Tab');
    if (matches(await focused(page))) return press;
  }
  throw new Error(
    `Tab did not reach the element in ${most} presses; ended on ${await focused(page)}`,
  );
}

beforeAll(async () => {
  webDir = await buildWebUi();
  endpoint = await startOpenAiCompatibleServer(() => ({ text: 'Here are the release notes.' }));
  const { model } = resolveServerConfig({
    env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
  });
  server = await startWebServer(webDir.path, {
    chat: model === undefined ? {} : { model },
    secretKey: randomBytes(32).toString('base64'),
  });
  const { app } = server;
  const created = await app.store.skills.create({
    scope: 'workspace',
    workspaceId: app.owner.workspaceId,
    skillMd: skillText('release-notes', {
      description: 'Write release notes from merged pull requests.',
      frontmatter: 'tags: [docs, release]\ncategory: writing\nargument-hint: <tag>\n',
      body: '# Release notes\n\nRun `scripts/notes.py`, then group the pull requests.\n',
    }),
    files: [{ path: 'scripts/notes.py', content: 'print("notes")\n' }],
  });
  if (!created.ok) throw new Error('release-notes was not created');
  const edited = await app.request('PUT', '/api/skills/release-notes', {
    token: app.owner.token,
    headers: { 'if-match': '"1"' },
    json: {
      content: skillText('release-notes', {
        description: 'Write release notes from merged pull requests since the last tag.',
        frontmatter: 'tags: [docs, release]\ncategory: writing\nargument-hint: <tag>\n',
        body: [
          '# Release notes',
          '',
          'Run `scripts/notes.py`, then follow the [changelog guide](https://keepachangelog.com/) closely:',
          '',
          '1. Group them.',
          '2. Write one line each.',
          '',
          '```sh',
          "git log --merges --pretty=format:'%h %s (%an, %ad)' --date=short v1.0.0..HEAD -- packages apps docs",
          '```',
          '',
          '| Section | What goes in it | Example entry | Who writes it | When |',
          '| --- | --- | --- | --- | --- |',
          '| Added | New features | Upload a skill as a ZIP file | The author of the change | On merge |',
          '',
        ].join('\n'),
      }),
      message: 'Since the last tag',
    },
  });
  if (edited.status !== 200) throw new Error(`the edit was refused: ${edited.status}`);
  await app.addSkill(
    skillText('deploy-app', {
      description: 'Deploy the app to staging or production.',
      frontmatter: 'disable-model-invocation: true\nrequires:\n  env: [SKILLSET_TEST_DEPLOY_KEY]\n',
    }),
  );
  await app.addSkill(
    skillText('release-checklist', {
      description: 'Check a release off step by step.',
      body: '# Release checklist\n\n- [ ] Tag the release\n- [x] Write the **notes**\n  - [ ] Link the issues\n',
    }),
  );
  for (let index = 0; index < 30; index++) {
    await app.addSkill(
      skillText(`bulk-${String(index).padStart(2, '0')}`, { description: `Bulk skill ${index}.` }),
    );
  }
  await app.store.secrets.set({
    workspaceId: app.owner.workspaceId,
    name: 'SKILLSET_TEST_DEPLOY_KEY',
    value: 'deploy-key-value',
    skills: ['deploy-app'],
  });
  await app.store.agents.create({
    workspaceId: app.owner.workspaceId,
    name: 'support-bot',
    description: 'Answers customer questions.',
  });
  const rule = await app.request('POST', '/api/permissions', {
    token: app.owner.token,
    json: { skill: 'deploy-app', action: 'ask' },
  });
  if (rule.status !== 201) throw new Error(`the rule was refused: ${rule.status}`);
  const invoked = await app.request('POST', '/api/skills/invoke', {
    token: app.owner.token,
    json: { message: '/release-notes v2.0.0' },
  });
  if (invoked.status !== 200) throw new Error(`the invocation was refused: ${invoked.status}`);
  ({ code: inviteCode } = await app.store.invitations.create({
    workspaceId: app.owner.workspaceId,
    email: 'newcomer@example.com',
    role: 'member',
    kind: 'open_link',
  }));
  browser = await launchBrowser();
  signedIn = await newPage();
  await signIn(signedIn, server);
  signedOut = await newPage();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await endpoint?.close();
  await webDir?.[Symbol.asyncDispose]();
});

describe('accessibility (WCAG 2.2 A and AA, axe-core)', () => {
  it.each(PAGES)('has no serious or critical violation on the $name page', async (audited) => {
    const page = audited.signedOut ? signedOut : signedIn;
    await open(page, audited);
    expect(await auditBothWidths(page)).toEqual(audited.known ?? []);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
  });

  it('has no serious or critical violation in a conversation in the playground', async () => {
    const playground = PAGES.find((each) => each.name === 'playground') as AuditedPage;
    await open(signedIn, playground);
    await signedIn.getByRole('combobox', { name: 'Message' }).fill('Draft the release notes');
    await signedIn.getByRole('combobox', { name: 'Message' }).press('Enter');
    await signedIn.getByText('Here are the release notes.').waitFor();
    expect(await auditBothWidths(signedIn)).toEqual([]);
  });

  it('has no serious or critical violation in a dialog', async () => {
    await open(signedIn, PAGES[1] as AuditedPage);
    await signedIn.getByRole('button', { name: 'Delete' }).click();
    const dialog = signedIn.getByRole('dialog', { name: 'Delete release-notes?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(1);
    expect(describeViolations(await auditAccessibility(signedIn))).toEqual([]);
    await signedIn.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('audits every page the main navigation links to', async () => {
    await open(signedIn, PAGES[0] as AuditedPage);
    const links = await signedIn
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(3);
    const audited = new Set(PAGES.filter((each) => !each.signedOut).map((each) => each.path()));
    for (const link of links.filter((each) => !audited.has(each))) {
      await open(signedIn, {
        name: link,
        path: () => link,
        ready: (page) => page.getByRole('heading', { level: 1 }),
      });
      expect(await auditBothWidths(signedIn), link).toEqual([]);
    }
  });
});

describe('keyboard paths', () => {
  it('skips from the top of the library to its content, then reaches the search box', async () => {
    await open(signedIn, PAGES[0] as AuditedPage);
    const skipLink = signedIn.getByRole('link', { name: 'Skip to content' });
    expect((await skipLink.boundingBox())?.y).toBeLessThan(0);
    await signedIn.keyboard.press('Tab');
    expect(await focused(signedIn)).toBe('a: Skip to content');
    await eventually(async () => (await skipLink.boundingBox())?.y).toBeGreaterThanOrEqual(0);
    await signedIn.screenshot({ path: path.join(SCREENSHOT_DIR, 'a11y-skip-link-1280.png') });
    await signedIn.keyboard.press('Enter');
    expect(await signedIn.evaluate('document.activeElement.id')).toBe('main-content');
    expect(await tabTo(signedIn, (name) => name === 'input: Search skills', 5)).toBeLessThanOrEqual(
      5,
    );
  });

  it('focuses the library search with / and rings it as plainly as a button', async () => {
    await open(signedIn, PAGES[0] as AuditedPage);
    await signedIn.locator('body').click({ position: { x: 5, y: 300 } });
    await signedIn.keyboard.press('/');
    expect(await focused(signedIn)).toBe('input: Search skills');
    const search = signedIn.getByRole('searchbox', { name: 'Search skills' });
    expect(await search.inputValue()).toBe('');
    const outline = (await signedIn.evaluate(`(() => {
      const style = getComputedStyle(document.activeElement);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    })()`)) as { style: string; width: number };
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });

  it('closes the mobile navigation with Escape and returns the focus to its button', async () => {
    await open(signedIn, PAGES[0] as AuditedPage);
    await signedIn.setViewportSize(PHONE);
    await signedIn.getByRole('button', { name: 'Open navigation' }).click();
    const menu = signedIn.locator('#main-navigation-menu');
    /** Whether the menu shows on screen (folded, it slides out to the left). */
    const onScreen = async () => {
      const box = await menu.boundingBox();
      return box !== null && box.x + box.width > 0;
    };
    await eventually(onScreen).toBe(true);
    await signedIn.keyboard.press('Escape');
    await eventually(onScreen).toBe(false);
    expect(
      await signedIn.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await focused(signedIn)).toBe('button: Open navigation');
    await signedIn.setViewportSize(DESKTOP);
  });

  it('keeps the focus on a switch toggled with Space', async () => {
    const toggle = signedIn.getByRole('switch', { name: 'release-notes enabled' });
    /** The list fetched again after a save (the switch stays busy until it is in). */
    const listRefetched = () =>
      signedIn.waitForResponse(
        (response) =>
          response.request().method() === 'GET' &&
          new URL(response.url()).pathname === '/api/skills',
      );
    await toggle.focus();
    let refetched = listRefetched();
    await signedIn.keyboard.press('Space');
    await eventually(() => toggle.isChecked()).toBe(false);
    const detail = async () => {
      const response = await server.app.request('GET', '/api/skills/release-notes', {
        token: server.app.owner.token,
      });
      return ((await response.json()) as { enabled: boolean }).enabled;
    };
    await eventually(detail).toBe(false);
    // The list is fetched again once the switch is saved; the focus must stay through it. The
    // switch ignores keys until the server has answered the save and the list is in again.
    await refetched;
    await eventually(() => toggle.getAttribute('aria-busy')).not.toBe('true');
    expect(await focused(signedIn)).toBe('input: release-notes enabled');
    refetched = listRefetched();
    await signedIn.keyboard.press('Space');
    await eventually(detail).toBe(true);
    await refetched;
    await eventually(() => toggle.getAttribute('aria-busy')).not.toBe('true');
    expect(await focused(signedIn)).toBe('input: release-notes enabled');
  });

  it('types and sends a message in the playground, then scrolls the trace, with the keyboard only', async () => {
    const playground = PAGES.find((each) => each.name === 'playground') as AuditedPage;
    await open(signedIn, playground);
    await signedIn.getByRole('button', { name: 'New chat' }).waitFor();
    await tabTo(signedIn, (name) => name === 'textarea: Message');
    await signedIn.keyboard.type('Which skills can write notes?');
    await signedIn.keyboard.press('Enter');
    await signedIn
      .getByRole('log', { name: 'Conversation' })
      .getByText('Which skills can write notes?')
      .waitFor();
    await eventually(() =>
      signedIn
        .getByRole('log', { name: 'Conversation' })
        .getByText('Here are the release notes.')
        .count(),
    ).toBeGreaterThan(0);
    await tabTo(signedIn, (name) => name === 'div: Policy trace entries');
    await signedIn.keyboard.press('End');
    await eventually(() =>
      signedIn
        .getByRole('region', { name: 'Policy trace entries' })
        .evaluate((element) => element.scrollTop),
    ).toBeGreaterThan(0);
  });

  it('moves through the editor’s fields with Tab and reaches the save button', async () => {
    const editor = PAGES.find((each) => each.name === 'editor') as AuditedPage;
    await open(signedIn, editor);
    await signedIn.keyboard.press('Tab');
    await signedIn.keyboard.press('Enter');
    const reached: string[] = [];
    for (let press = 0; press < 30 && !reached.includes('input: Icon'); press++) {
      // Tab indents in the code editor; its hint says: press Esc, then Tab, to move on.
      if (reached.at(-1) === 'div: SKILL.md') await signedIn.keyboard.press('Escape');
      await signedIn.keyboard.press('Tab');
      reached.push(await focused(signedIn));
    }
    const order = [
      'input: Change note',
      'button: Save',
      'div: SKILL.md',
      'input: Name',
      'textarea: Description',
      'input: Tags',
      'input: Category',
      'input: Icon',
    ];
    const positions = order.map((name) => reached.indexOf(name));
    expect(
      positions.every((position) => position >= 0),
      reached.join(' → '),
    ).toBe(true);
    expect(positions, reached.join(' → ')).toEqual([...positions].sort((a, b) => a - b));
  });
});

describe('screenshots', () => {
  it.each(
    PAGES,
  )('pictures $name at both widths, with nothing wider than a phone', async (audited) => {
    const page = audited.signedOut === true ? signedOut : signedIn;
    await open(page, audited);
    const name = `page-${audited.name.replaceAll(' ', '-')}`;
    expect((await takeScreenshots(page, name)).scrollsSideways).toBe(false);
  });
});
