import type { Page } from 'playwright-core';
import type { WebServer } from './start-web-server.ts';

/**
 * Signs the browser in the way a person does: opens a one-time sign-in link (like the one
 * `npm start` prints) for a user, the owner by default, and waits for the signed-in app.
 */
export async function signIn(page: Page, server: WebServer, userId?: string) {
  const { code } = await server.app.store.signInCodes.create({
    userId: userId ?? (server.app.owner.userId as string),
  });
  await page.goto(`${server.url}/sign-in?code=${encodeURIComponent(code)}`);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
