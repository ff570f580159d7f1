import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { auditAccessibility, describeViolations } from './audit-accessibility.ts';
import { DESKTOP, PHONE } from './take-screenshots.ts';

/**
 * The serious and critical axe violations of the page at 1280 and at 390 px, as lines that name
 * each width and target; leaves the page at the desktop width.
 */
export async function auditBothWidths(page: Page): Promise<string[]> {
  const lines: string[] = [];
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect
      .poll(() => page.evaluate('window.innerWidth'), { timeout: 20_000 })
      .toBe(viewport.width);
    const found = describeViolations(await auditAccessibility(page));
    lines.push(...found.map((line) => `${label} px ${line}`));
  }
  await page.setViewportSize(DESKTOP);
  return lines;
}
