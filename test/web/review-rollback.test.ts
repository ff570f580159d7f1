import { skillText, type TestPrincipal } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

/**
 * Issue 37 in the skill's Versions tab: proposed and rejected versions are marked (a rejected one
 * with its note), and a person who may publish serves an earlier published version again — a
 * rollback — after confirming, with a conflict, an unsigned version and a lost grant said plainly.
 */

const deployText = (marker: string) =>
  skillText('deploy', {
    description: 'Deploys the service to production. Use when asked to deploy.',
    body: `# Deploy\n\nDeploy marker ${marker}.\n`,
  });

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let member: TestPrincipal;
let reviewer: TestPrincipal;
const contexts: BrowserContext[] = [];

/** A fresh browser profile signed in as `userId`; axe needs no CSP. */
async function signedInPage(userId: string | undefined): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server, userId);
  return page;
}

/** An API call that must answer `status`; its JSON body. */
async function call(
  who: TestPrincipal,
  method: string,
  path: string,
  options: { json?: unknown; headers?: Record<string, string> } = {},
  status = 200,
): Promise<Record<string, unknown>> {
  const response = await server.app.request(method, path, { token: who.token, ...options });
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The digest of one version of deploy, as the versions list shows it. */
async function hashOf(version: number): Promise<string> {
  const list = (await call(server.app.owner, 'GET', '/api/skills/deploy/versions')) as {
    items: Array<{ version: number; hash: string }>;
  };
  const found = list.items.find((item) => item.version === version);
  if (found === undefined) throw new Error(`deploy has no version ${version}`);
  return found.hash;
}

/** What the agents get: the published version of deploy. */
async function servedVersion(): Promise<number> {
  const skill = await call(server.app.owner, 'GET', '/api/skills/deploy');
  return skill.version as number;
}

/** A member's edit of deploy, proposed on top of the published `base`. */
function propose(marker: string, base: number) {
  return call(
    member,
    'PUT',
    '/api/skills/deploy',
    { json: { content: deployText(marker) }, headers: { 'if-match': `"${base}"` } },
    202,
  );
}

const versionsUrl = () => `${server.url}/skills/deploy?scope=workspace&tab=versions`;
const versionsTable = (page: Page) => page.getByRole('table', { name: 'Versions' });
/** The row of one version: its first cell starts with the number. */
const row = (page: Page, version: number) =>
  versionsTable(page)
    .getByRole('row')
    .filter({ hasText: new RegExp(`^${version}(?!\\d)`) });

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { owner } = server.app;
  await call(owner, 'POST', '/api/skills', { json: { content: deployText('ONE') } }, 201);
  member = await server.app.addUser('member');
  reviewer = await server.app.addUser('member');
  await call(owner, 'PATCH', `/api/workspaces/${owner.workspaceId}/members/${reviewer.userId}`, {
    json: { reviewer: true },
  });
  await call(owner, 'PATCH', `/api/workspaces/${owner.workspaceId}`, {
    json: { settings: { review: 'required' } },
  });
  // Version 2 published after review, 3 rejected with a note, 4 waiting.
  await propose('TWO', 1);
  await call(owner, 'POST', '/api/skills/deploy/versions/2/publish', {
    json: { hash: await hashOf(2) },
    headers: { 'if-match': '"1"' },
  });
  await propose('THREE', 2);
  await call(reviewer, 'POST', '/api/skills/deploy/versions/3/reject', {
    json: { hash: await hashOf(3), note: 'Too vague about production.' },
  });
  await propose('FOUR', 2);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('rolling back from the Versions tab', () => {
  let page: Page;

  it('marks proposed and rejected versions, and offers a member no publishing', async () => {
    const memberPage = await signedInPage(member.userId);
    await memberPage.goto(versionsUrl());
    await versionsTable(memberPage).waitFor();
    expect(await row(memberPage, 4).getByText('proposed', { exact: true }).count()).toBe(1);
    expect(await row(memberPage, 4).getByRole('link', { name: 'Review version 4' }).count()).toBe(
      1,
    );
    expect(await row(memberPage, 3).getByText('rejected', { exact: true }).count()).toBe(1);
    expect(
      await row(memberPage, 3).getByText('Rejected: Too vague about production.').count(),
    ).toBe(1);
    expect(await row(memberPage, 2).getByText('current', { exact: true }).count()).toBe(1);
    await row(memberPage, 1).getByRole('button', { name: 'Restore version 1' }).waitFor();
    expect(await memberPage.getByRole('button', { name: /^Publish version/ }).count()).toBe(0);
    expect(await auditBothWidths(memberPage)).toEqual([]);
    const shots = await takeScreenshots(memberPage, 'review-versions-member');
    expect(shots.scrollsSideways).toBe(false);
  });

  it('publishes an earlier version again after saying what agents will get', async () => {
    page = await signedInPage(reviewer.userId);
    await page.goto(versionsUrl());
    const publish = row(page, 1).getByRole('button', { name: 'Publish version 1' });
    await publish.waitFor();
    // Only versions that are or were published can be published again.
    expect(await page.getByRole('button', { name: /^Publish version/ }).count()).toBe(1);
    expect(await auditBothWidths(page)).toEqual([]);
    expect((await takeScreenshots(page, 'review-versions')).scrollsSideways).toBe(false);

    await publish.click();
    const dialog = page.getByRole('dialog', { name: 'Publish version 1?' });
    await dialog.getByText('Agents get version 1 again, in place of version 2.').waitFor();
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Two broke staging.');
    expect(await auditBothWidths(page)).toEqual([]);
    const dialogShots = await takeScreenshots(page, 'review-rollback-dialog', { fullPage: false });
    expect(dialogShots.scrollsSideways).toBe(false);
    await dialog.getByRole('button', { name: 'Publish version 1' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 1).getByText('current', { exact: true }).waitFor();
    expect(await servedVersion()).toBe(1);
    // Version 2 was published, so it can be published again; the rolled-back one no longer.
    await row(page, 2).getByRole('button', { name: 'Publish version 2' }).waitFor();
    expect(
      await row(page, 1)
        .getByRole('button', { name: /^Publish/ })
        .count(),
    ).toBe(0);
    await page.getByRole('tab', { name: 'Instructions' }).click();
    await page.getByText('Deploy marker ONE.').waitFor();
    const audit = (await call(server.app.owner, 'GET', '/api/audit?limit=20')) as {
      entries: Array<{ action: string; details: Record<string, unknown> }>;
    };
    expect(audit.entries.find((entry) => entry.action === 'skill.rollback')?.details).toMatchObject(
      { from: 2, to: 1, note: 'Two broke staging.' },
    );
  });

  it('asks to reload when someone else published meanwhile', async () => {
    await page.goto(versionsUrl());
    await row(page, 1).getByText('current', { exact: true }).waitFor();
    // Meanwhile the owner publishes version 2 again.
    await call(server.app.owner, 'POST', '/api/skills/deploy/versions/2/publish', {
      json: { hash: await hashOf(2) },
      headers: { 'if-match': '"1"' },
    });
    await row(page, 2).getByRole('button', { name: 'Publish version 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish version 2?' });
    await dialog.getByRole('button', { name: 'Publish version 2' }).click();
    const refused = dialog.getByRole('alert').filter({ hasText: 'Not published' });
    await refused.getByText('Someone published another version of this skill meanwhile').waitFor();
    expect(await auditBothWidths(page)).toEqual([]);
    await refused.getByRole('button', { name: 'Reload' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 2).getByText('current', { exact: true }).waitFor();
    expect(await servedVersion()).toBe(2);
  });

  it('says why an unsigned version cannot be published where skills must be signed', async () => {
    const { owner } = server.app;
    await call(owner, 'PATCH', `/api/workspaces/${owner.workspaceId}`, {
      json: { settings: { requireSigned: true } },
    });
    try {
      await page.goto(versionsUrl());
      await row(page, 1).getByRole('button', { name: 'Publish version 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish version 1?' });
      await dialog.getByRole('button', { name: 'Publish version 1' }).click();
      const refused = dialog.getByRole('alert').filter({ hasText: 'Not published' });
      await refused.getByText(/^This workspace serves only signed skills, and version 1/).waitFor();
      expect(await refused.getByRole('button', { name: 'Reload' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await servedVersion()).toBe(2);
    } finally {
      await call(owner, 'PATCH', `/api/workspaces/${owner.workspaceId}`, {
        json: { settings: { requireSigned: false } },
      });
    }
  });

  it('says who may publish when the grant was taken away meanwhile', async () => {
    const { owner } = server.app;
    await page.goto(versionsUrl());
    await row(page, 1).getByRole('button', { name: 'Publish version 1' }).click();
    await call(owner, 'PATCH', `/api/workspaces/${owner.workspaceId}/members/${reviewer.userId}`, {
      json: { reviewer: false },
    });
    const dialog = page.getByRole('dialog', { name: 'Publish version 1?' });
    await dialog.getByRole('button', { name: 'Publish version 1' }).click();
    const refused = dialog.getByRole('alert').filter({ hasText: 'Not published' });
    await refused
      .getByText('Only admins, owners and members with the reviewer grant may publish a version.', {
        exact: false,
      })
      .waitFor();
    expect(await servedVersion()).toBe(2);
    await page.reload();
    await row(page, 1).getByRole('button', { name: 'Restore version 1' }).waitFor();
    expect(await page.getByRole('button', { name: /^Publish version/ }).count()).toBe(0);
  });
});
