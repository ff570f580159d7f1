import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0, 2.1 and 2.2 rules of levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One rule's failure on a page: where, how bad, and axe-core's summary of the fix. */
export interface AccessibilityViolation {
  rule: string;
  impact: string;
  help: string;
  targets: Array<{ target: string; summary: string }>;
}

/**
 * Runs axe-core's WCAG A and AA rules over the page as it is now and answers the serious and
 * critical violations. The page's context must bypass the app's CSP, which forbids inline scripts.
 */
export async function auditAccessibility(page: Page): Promise<AccessibilityViolation[]> {
  // Colours are checked as painted: first let every finite animation (a dialog fading in) end.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined)))`);
  if (!(await page.evaluate('typeof window.axe === "object"'))) {
    await page.addScriptTag({ content: axe.source });
  }
  const results = (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_AA_TAGS)} }, resultTypes: ['violations'] })`,
  )) as axe.AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: node.failureSummary ?? '',
      })),
    }));
}

/** The violations as lines a failing test prints: rule, impact, then each target and its summary. */
export function describeViolations(violations: AccessibilityViolation[]): string[] {
  return violations.flatMap((violation) => [
    `${violation.rule} (${violation.impact}): ${violation.help}`,
    ...violation.targets.map(
      ({ target, summary }) => `  ${target}: ${summary.replace(/\s+/g, ' ').trim()}`,
    ),
  ]);
}
