import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/shared-dir.ts';

/** Where browser tests put their screenshots (git-ignored). */
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
/** The two widths every page is checked at. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Saves `<name>-1280.png` and `<name>-390.png` and reports whether the phone width scrolls sideways. */
export async function takeScreenshots(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<{ phoneScrollsSideways: boolean }> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  let phoneScrollsSideways = false;
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`),
      fullPage: options.fullPage ?? true,
    });
    if (label === '390') {
      // A string runs in the page, where `document` exists; this file is typed for Node.
      phoneScrollsSideways = (await page.evaluate(
        'document.documentElement.scrollWidth > document.documentElement.clientWidth',
      )) as boolean;
    }
  }
  await page.setViewportSize(DESKTOP);
  return { phoneScrollsSideways };
}
