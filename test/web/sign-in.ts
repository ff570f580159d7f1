import type { Page } from 'playwright-core';

/**
 * Signs the browser in as the owner the way a person does, by opening the sign-in link, and
 * waits for the signed-in app. The one place that knows how signing in works.
 */
export async function signIn(page: Page, options: { url: string; ownerToken: string }) {
  await page.goto(`${options.url}/sign-in?token=${encodeURIComponent(options.ownerToken)}`);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
