import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

/** Where browser tests save their screenshots (git-ignored). */
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
/** The two widths every page is checked at. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Sets the viewport and waits until the page has drawn two frames at the new width, so the layout
 * for it (media queries, and what resize observers changed) is in place.
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await expect
    .poll(() =>
      page.evaluate(
        'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.innerWidth))))',
      ),
    )
    .toBe(viewport.width);
}

/**
 * Saves `<name>-1280.png` and `<name>-390.png` of the page (full page by default) and answers
 * whether the page scrolled sideways at 390 px; leaves the page at the desktop width.
 */
export async function takeScreenshots(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<{ scrollsSideways: boolean }> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // Notifications fade out on their own; keep them out of the pictures of the pages.
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  // The header is fixed: a full-page picture of a scrolled page would show it in the middle.
  await page.evaluate('window.scrollTo(0, 0)');
  let scrollsSideways = false;
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await resizeTo(page, viewport);
    if (label === '390') {
      scrollsSideways = (await page.evaluate(
        'document.documentElement.scrollWidth > document.documentElement.clientWidth',
      )) as boolean;
    }
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`),
      fullPage: options.fullPage ?? true,
    });
  }
  await page.setViewportSize(DESKTOP);
  return { scrollsSideways };
}
