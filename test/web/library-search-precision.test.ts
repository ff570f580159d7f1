import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { storeCorpusSkills } from './store-corpus-skills.ts';
import { DESKTOP, PHONE, resizeTo, takeScreenshots } from './take-screenshots.ts';

/** The three searches over the real-world corpus, and the skill each one is for. */
const SEARCHES = [
  { query: 'turn my notes from the meeting into action items', first: 'meeting-minutes' },
  { query: 'make a changelog', first: 'github-release' },
  { query: 'fill a pdf form', first: 'pdftk-server' },
] as const;
/** A screenful of confident matches. */
const SCREENFUL = 10;

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let page: Page;

function skillNames(): Promise<string[]> {
  return page.getByRole('list', { name: 'Skills' }).getByRole('link').allTextContents();
}

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 30_000 });
}

async function search(query: string): Promise<void> {
  await page.goto(`${server.url}/skills?q=${encodeURIComponent(query)}`);
  await page.getByRole('list', { name: 'Skills' }).waitFor();
}

function weakerToggle() {
  return page.getByRole('button', { name: /weaker match|Hide the weaker matches/ });
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  await storeCorpusSkills(server.app);
  await server.app.runtime.settle();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page, server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('library search over the 540 corpus skills (docs/decisions/0153)', () => {
  for (const { query, first } of SEARCHES) {
    it(`shows a screenful of strong matches for “${query}”, ${first} first, and folds the weaker ones`, async () => {
      await search(query);
      await eventually(async () => (await skillNames())[0]).toBe(first);
      const strong = await skillNames();
      expect(strong.length).toBeLessThanOrEqual(SCREENFUL);
      const label = (await weakerToggle().textContent()) ?? '';
      const weaker = Number(label.match(/^([\d,]+) weaker match/)?.[1]?.replace(/,/g, ''));
      expect(weaker).toBeGreaterThan(0);
      expect(await weakerToggle().getAttribute('aria-expanded')).toBe('false');
      expect(
        await page.getByText(/^\d+ strong match(es)?, most relevant first$/).textContent(),
      ).toBe(
        `${strong.length} strong ${strong.length === 1 ? 'match' : 'matches'}, most relevant first`,
      );

      const slug = first;
      const { scrollsSideways } = await takeScreenshots(page, `library-search-${slug}`);
      expect(scrollsSideways).toBe(false);

      await resizeTo(page, PHONE);
      expect(await skillNames()).toEqual(strong);
      await weakerToggle().scrollIntoViewIfNeeded();
      expect(await weakerToggle().isVisible()).toBe(true);
      await resizeTo(page, DESKTOP);

      await weakerToggle().click();
      await eventually(async () => (await skillNames()).length).toBe(
        Math.min(50, strong.length + weaker),
      );
      expect((await skillNames()).slice(0, strong.length)).toEqual(strong);
      expect(await weakerToggle().getAttribute('aria-expanded')).toBe('true');
      await takeScreenshots(page, `library-search-${slug}-unfolded`, { fullPage: false });
      await weakerToggle().click();
      await eventually(skillNames).toEqual(strong);
    });
  }
});
