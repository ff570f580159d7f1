import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

/**
 * The issue: comparing two versions showed the whole file for a one-line change. The Versions tab
 * now shows the review page's diff: unchanged lines folded, the changed words marked.
 */
const STEPS = 200;
// SKILL.md's first 7 lines are the frontmatter, a blank line, the title and a blank line.
const FIRST_STEP_LINE = 8;
const LAST_LINE = FIRST_STEP_LINE + STEPS - 1;

const runbook = (place: string) =>
  skillText('long-runbook', {
    description: 'Archives the service logs, step by step.',
    body: `# Long runbook\n\n${Array.from({ length: STEPS }, (_, index) =>
      index === 99
        ? `Step 100: copy the ${place} logs to the archive.`
        : `Step ${index + 1}: check the archive.`,
    ).join('\n')}`,
  });

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  await app.addSkill(runbook('staging'));
  const put = await app.request('PUT', '/api/skills/long-runbook', {
    token: app.owner.token,
    headers: { 'if-match': '"1"' },
    json: { content: runbook('production'), message: 'Archive the production logs' },
  });
  if (put.status !== 200) throw new Error(`PUT long-runbook: ${put.status}`);
  browser = await launchBrowser();
  // axe is injected as an inline script, which the server's CSP would refuse.
  context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('the version diff', () => {
  it('folds the unchanged lines around a one-word change and marks the changed word', async () => {
    await page.goto(`${server.url}/skills/long-runbook?scope=workspace&tab=versions&from=1&to=2`);
    const diff = page.getByRole('group', { name: 'Changes to SKILL.md' });
    const removed = diff.locator('del');
    await removed.waitFor();

    // The changed line and 3 lines of context on each side, not the whole file.
    const lines = diff.locator('[data-kind]');
    expect(await lines.count()).toBe(8);
    expect(await removed.textContent()).toBe('Step 100: copy the staging logs to the archive.');
    expect(await diff.locator('ins').textContent()).toBe(
      'Step 100: copy the production logs to the archive.',
    );
    // Only the changed word is marked; the rest of the line is not.
    expect(await removed.locator('mark').allTextContents()).toEqual(['staging']);
    expect(await diff.locator('ins mark').allTextContents()).toEqual(['production']);

    const changedLine = FIRST_STEP_LINE + 99;
    const above = diff.getByRole('button', {
      name: `Show ${changedLine - 4} unchanged lines (1–${changedLine - 4})`,
    });
    const below = diff.getByRole('button', {
      name: `Show ${LAST_LINE - changedLine - 3} unchanged lines (${changedLine + 4}–${LAST_LINE})`,
    });
    expect(await above.count()).toBe(1);
    expect(await below.count()).toBe(1);

    const shots = await takeScreenshots(page, 'version-diff');
    expect(shots.scrollsSideways).toBe(false);
    expect(await auditBothWidths(page)).toEqual([]);

    // From the keyboard: the revealed lines take the focus of the button they replace.
    await above.focus();
    await page.keyboard.press('Enter');
    await eventually(() => lines.count()).toBe(8 + changedLine - 4);
    const focused = await page.evaluate("document.activeElement.getAttribute('aria-label')");
    expect(focused).toBe(`${changedLine - 4} unchanged lines`);
    expect(await above.count()).toBe(0);
    expect(await diff.getByText('Step 1: check the archive.', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await below.count()).toBe(1);
  });
});
