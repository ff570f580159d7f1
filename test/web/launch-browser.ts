import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The system Chromium; browser tests never download one. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Launches the system Chromium headless. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}; install it with: apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
