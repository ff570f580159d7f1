import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAccessibility, describeViolations } from './audit-accessibility.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, takeScreenshots } from './take-screenshots.ts';

/**
 * Issue 37 in the browser: with review required, a member's edit waits on the Proposals page of a
 * reviewer, with its diff and eval delta, until the reviewer publishes or rejects it; its author
 * is told why they cannot publish it themselves.
 */

const triggers = [
  { query: 'deploy the service to production', should_trigger: true },
  { query: 'roll back the last release', should_trigger: true },
  { query: 'ship the new build to staging', should_trigger: true },
  { query: 'write a poem about autumn', should_trigger: false },
];

const deployText = (description: string, body: string) =>
  skillText('deploy', { description, body: `# Deploy\n\n${body}\n` });

const FIRST_BODY = [
  'Check that the build is green.',
  'Run the migrations.',
  'Deploy to staging first.',
  'Wait for the smoke tests.',
  'Announce the release in the team channel.',
  'Watch the error rate for ten minutes.',
  'Keep the previous build at hand.',
  'Write down what was deployed.',
  'Close the deploy ticket.',
  'Archive the build logs.',
  'Thank the reviewers.',
  'Plan the next release.',
].join('\n');

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let memberId: string;
let reviewerId: string;
const contexts: BrowserContext[] = [];

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** A fresh browser profile signed in as `userId` (the owner by default); axe needs no CSP. */
async function signedInPage(userId?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server, userId);
  return page;
}

async function addPerson(name: string): Promise<string> {
  const { store, owner } = server.app;
  const user = await store.users.create({ name });
  await store.members.add({ workspaceId: owner.workspaceId, userId: user.id, role: 'member' });
  return user.id;
}

/** What the agents get: the published version of deploy, as an agent-free API read. */
async function servedVersion(): Promise<number> {
  const response = await server.app.request('GET', '/api/skills/deploy', {
    token: server.app.owner.token,
  });
  return ((await response.json()) as { version: number }).version;
}

/** The serious and critical violations at both widths, as lines that name each target. */
async function auditBothWidths(page: Page): Promise<string[]> {
  const lines: string[] = [];
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await eventually(() => page.evaluate('window.innerWidth')).toBe(viewport.width);
    const found = describeViolations(await auditAccessibility(page));
    lines.push(...found.map((line) => `${label} px ${line}`));
  }
  await page.setViewportSize(DESKTOP);
  return lines;
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
const proposalsLink = (page: Page) => navigation(page).getByRole('link', { name: /^Proposals/ });

/** Replaces the SKILL.md of deploy in the editor and proposes it with a change note. */
async function proposeEdit(page: Page, text: string, note: string, screenshot?: string) {
  await page.goto(`${server.url}/skills/deploy/edit?scope=workspace`);
  await page.locator('.cm-content').waitFor();
  await page.getByRole('button', { name: 'Propose change' }).waitFor();
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await page.getByRole('textbox', { name: 'Change note' }).fill(note);
  if (screenshot !== undefined) {
    expect((await takeScreenshots(page, screenshot)).scrollsSideways).toBe(false);
  }
  await page.getByRole('button', { name: 'Propose change' }).click();
  await page.getByRole('heading', { level: 1, name: /^deploy · version \d+$/ }).waitFor();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  return Number(/version (\d+)/.exec(heading ?? '')?.[1]);
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  const created = await app.store.skills.create({
    scope: 'workspace',
    workspaceId: app.owner.workspaceId,
    skillMd: deployText('Deploys the service. Use when asked.', FIRST_BODY),
    files: [{ path: 'evals/triggers.json', content: JSON.stringify(triggers, null, 2) }],
  });
  if (!created.ok) throw new Error('deploy was not created');
  memberId = await addPerson('Mo Member');
  reviewerId = await addPerson('Rae Reviewer');
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('reviewed releases in the web UI', () => {
  let owner: Page;
  let member: Page;
  let reviewer: Page;
  let proposed: number;

  it('needs a second reviewer before the owner can require review, and grants it on the Team page', async () => {
    owner = await signedInPage();
    await proposalsLink(owner).click();
    await owner.getByText('Review is off in this workspace').waitFor();
    await owner.getByText('Nothing waits for review').waitFor();
    expect(await auditBothWidths(owner)).toEqual([]);
    expect((await takeScreenshots(owner, 'review-proposals-off')).scrollsSideways).toBe(false);

    await owner.goto(`${server.url}/settings`);
    const form = owner.getByRole('form', { name: 'Workspace settings' });
    await form.getByRole('switch', { name: 'Require review' }).check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('alert').getByText('Review needs at least two people').waitFor();

    await owner.goto(`${server.url}/team`);
    const grant = owner.getByRole('switch', { name: 'Reviewer: Rae Reviewer' });
    expect(await grant.isChecked()).toBe(false);
    expect(await owner.getByRole('switch', { name: 'Reviewer: Mo Member' }).isChecked()).toBe(
      false,
    );
    // The switch shows what the server holds: it turns on once the grant is saved.
    await grant.click();
    await owner.getByText('Rae Reviewer may now publish others’ proposals.').waitFor();
    await eventually(() => grant.isChecked()).toBe(true);
    const shots = await takeScreenshots(owner, 'review-team');
    expect(shots.scrollsSideways).toBe(false);

    await owner.goto(`${server.url}/settings`);
    await form.getByRole('switch', { name: 'Require review' }).check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await owner.getByText('Workspace settings saved.').waitFor();
    await owner.reload();
    expect(await form.getByRole('switch', { name: 'Require review' }).isChecked()).toBe(true);
    const settingsShots = await takeScreenshots(owner, 'review-settings');
    expect(settingsShots.scrollsSideways).toBe(false);
  });

  it("turns a member's edit into a proposal that says so, and tells the author why they cannot publish it", async () => {
    member = await signedInPage(memberId);
    proposed = await proposeEdit(
      member,
      deployText(
        'Deploy the service to staging or production and roll back a release. Use when asked to deploy, ship or roll back.',
        FIRST_BODY.replace(
          'Deploy to staging first.',
          'Deploy to staging first, then to production.',
        ),
      ),
      'Cover production and rollbacks',
      'review-editor',
    );
    expect(proposed).toBe(2);
    expect(new URL(member.url()).pathname).toBe('/proposals/deploy/2');
    await member.getByText('Waiting for review', { exact: true }).first().waitFor();
    await member.getByText('You proposed this change').waitFor();
    expect(
      await member.getByText('Someone else must publish it: review needs a second person').count(),
    ).toBe(1);
    expect(await member.getByRole('button', { name: 'Approve & publish' }).count()).toBe(0);
    expect(await member.getByText('Agents get version 1 until a reviewer').count()).toBe(1);
    expect(await servedVersion()).toBe(1);

    await member.goto(`${server.url}/skills/deploy?scope=workspace`);
    await member.getByRole('link', { name: 'Update pending: version 2' }).waitFor();
    const notice = member.getByRole('alert').filter({ hasText: 'Update pending' });
    expect(await notice.getByText('Agents get version 1').count()).toBe(1);
    expect(await auditBothWidths(member)).toEqual([]);
    const skillShots = await takeScreenshots(member, 'review-skill-pending');
    expect(skillShots.scrollsSideways).toBe(false);
    await notice.getByRole('link', { name: 'Version 2' }).click();
    await member.getByRole('heading', { level: 1, name: 'deploy · version 2' }).waitFor();
    await member.getByText('You proposed this change').waitFor();
    expect(await auditBothWidths(member)).toEqual([]);
    const shots = await takeScreenshots(member, 'review-proposal-author');
    expect(shots.scrollsSideways).toBe(false);
  });

  it('shows the reviewer the waiting proposal with its count, diff, frontmatter and eval delta', async () => {
    reviewer = await signedInPage(reviewerId);
    await eventually(() => proposalsLink(reviewer).textContent()).toBe('Proposals1 waiting');
    await proposalsLink(reviewer).click();
    await reviewer.getByRole('heading', { level: 1, name: 'Proposals' }).waitFor();
    const list = reviewer.getByRole('list', { name: 'Waiting for review' });
    const item = list.getByRole('listitem').filter({ hasText: 'deploy · version 2' });
    await item.waitFor();
    expect(await item.getByText('You can review').count()).toBe(1);
    expect(await item.getByText(/^Mo Member · .+ · replaces version 1$/).count()).toBe(1);
    expect(await item.getByText('Cover production and rollbacks').count()).toBe(1);
    expect(await auditBothWidths(reviewer)).toEqual([]);
    const listShots = await takeScreenshots(reviewer, 'review-proposals');
    expect(listShots.scrollsSideways).toBe(false);

    await item.getByRole('link', { name: 'deploy · version 2' }).click();
    await reviewer.getByRole('heading', { level: 1, name: 'deploy · version 2' }).waitFor();
    // The frontmatter, field by field: only the description changed.
    const fields = reviewer.getByRole('list', { name: 'Changed frontmatter fields' });
    expect(await fields.getByRole('listitem').count()).toBe(1);
    const description = fields.getByRole('listitem').filter({ hasText: 'description' });
    expect(await description.getByText('changed', { exact: true }).count()).toBe(1);
    expect(await description.locator('del').textContent()).toBe(
      'Deploys the service. Use when asked.',
    );
    expect(await description.locator('ins').textContent()).toMatch(
      /^Deploy the service to staging/,
    );
    expect(await reviewer.getByText('Unchanged: name', { exact: true }).count()).toBe(1);
    // The SKILL.md diff: changed words marked, unchanged lines folded.
    const diff = reviewer.getByRole('group', { name: 'Changes to SKILL.md' });
    expect(await diff.locator('del').filter({ hasText: 'Deploy to staging first.' }).count()).toBe(
      1,
    );
    const added = diff.locator('ins').filter({ hasText: 'then to production' });
    expect(await added.count()).toBe(1);
    expect((await added.locator('mark').allTextContents()).join('')).toContain(
      'then to production',
    );
    const fold = diff.getByRole('button', { name: /^Show \d+ unchanged lines/ });
    expect(await fold.count()).toBe(1);
    expect(await diff.getByText('Write down what was deployed.').count()).toBe(0);
    const shots = await takeScreenshots(reviewer, 'review-proposal');
    expect(shots.scrollsSideways).toBe(false);
    await fold.click();
    await diff.getByText('Write down what was deployed.').waitFor();
    // The checks: eval delta, signature, findings.
    const evaluation = reviewer.getByRole('region', { name: 'Trigger eval' });
    expect(await evaluation.getByText('4 queries of evals/triggers.json').count()).toBe(1);
    const recall = evaluation
      .locator('dt', { hasText: 'Recall' })
      .locator('xpath=following-sibling::dd[1]');
    expect(await recall.textContent()).toMatch(/^\d+% → \d+%/);
    const review = (await (
      await server.app.request('GET', '/api/proposals/deploy/2', { token: server.app.owner.token })
    ).json()) as { review: { eval: { before: { recall: number }; after: { recall: number } } } };
    const percent = (share: number) => `${Math.round(share * 100)}%`;
    expect(await recall.textContent()).toContain(
      `${percent(review.review.eval.before.recall)} → ${percent(review.review.eval.after.recall)}`,
    );
    expect(
      await reviewer.getByRole('region', { name: 'Signature' }).getByText('Unsigned').count(),
    ).toBe(1);
    await reviewer.getByRole('region', { name: /^Doctor findings/ }).waitFor();
    expect(await auditBothWidths(reviewer)).toEqual([]);
  });

  it('publishes it: the count drops and the skill shows the new version', async () => {
    await reviewer.getByRole('textbox', { name: 'Note (optional)' }).fill('Looks right.');
    await reviewer.getByRole('button', { name: 'Approve & publish' }).click();
    await reviewer
      .getByRole('alert')
      .filter({ hasText: 'Published' })
      .getByText('You published version 2')
      .waitFor();
    await eventually(() => proposalsLink(reviewer).textContent()).toBe('Proposals');
    expect(await servedVersion()).toBe(2);
    expect(await auditBothWidths(reviewer)).toEqual([]);
    const shots = await takeScreenshots(reviewer, 'review-published');
    expect(shots.scrollsSideways).toBe(false);
    await reviewer.getByRole('link', { name: 'Open deploy' }).click();
    await reviewer.getByRole('tab', { name: 'Versions (2)' }).waitFor();
    await reviewer.getByText('Deploy to staging first, then to production.').waitFor();
    expect(await reviewer.getByText('Update pending').count()).toBe(0);
    await proposalsLink(reviewer).click();
    await reviewer.getByText('Nothing waits for review').waitFor();
  });

  it('rejects a proposal with a note, which its author then reads', async () => {
    const version = await proposeEdit(
      member,
      deployText('Deploys anything anywhere, always.', FIRST_BODY),
      'Broader',
    );
    await reviewer.reload();
    await eventually(() => proposalsLink(reviewer).textContent()).toBe('Proposals1 waiting');
    await reviewer.goto(`${server.url}/proposals/deploy/${version}`);
    await reviewer.getByRole('button', { name: 'Reject' }).click();
    const dialog = reviewer.getByRole('dialog', { name: `Reject version ${version} of deploy?` });
    const submit = dialog.getByRole('button', { name: `Reject version ${version}` });
    expect(await submit.isDisabled()).toBe(true);
    await dialog
      .getByRole('textbox', { name: 'Why?' })
      .fill('Too broad: it would trigger on everything.');
    await submit.click();
    const rejected = reviewer.getByRole('alert').filter({ hasText: 'Rejected' });
    await rejected.getByText('Too broad: it would trigger on everything.').waitFor();
    expect(await rejected.getByText('You rejected it').count()).toBe(1);
    expect(await auditBothWidths(reviewer)).toEqual([]);
    const rejectedShots = await takeScreenshots(reviewer, 'review-proposal-rejected');
    expect(rejectedShots.scrollsSideways).toBe(false);
    await eventually(() => proposalsLink(reviewer).textContent()).toBe('Proposals');
    expect(await servedVersion()).toBe(2);

    await member.goto(`${server.url}/proposals`);
    await member.locator('label', { hasText: /^Rejected$/ }).click();
    const item = member
      .getByRole('list', { name: 'Rejected' })
      .getByRole('listitem')
      .filter({ hasText: `deploy · version ${version}` });
    await item.getByText('Rejected by Rae Reviewer:').waitFor();
    expect(await item.getByText('Too broad: it would trigger on everything.').count()).toBe(1);
    const shots = await takeScreenshots(member, 'review-rejected');
    expect(shots.scrollsSideways).toBe(false);
  });

  it("refuses the owner's own proposal and says why, and asks a reviewer to reload after a conflict", async () => {
    const own = await proposeEdit(
      owner,
      deployText('Deploys the service. Use when asked to deploy.', FIRST_BODY),
      'Owner tweak',
    );
    await owner.getByText('You proposed this change').waitFor();
    expect(await owner.getByRole('button', { name: 'Approve & publish' }).count()).toBe(0);

    const other = await proposeEdit(
      member,
      deployText('Deploys the service to production. Use when asked to deploy.', FIRST_BODY),
      'Member tweak',
    );
    await reviewer.goto(`${server.url}/proposals/deploy/${own}`);
    await reviewer.getByRole('button', { name: 'Approve & publish' }).waitFor();
    // Meanwhile the owner publishes the member's proposal.
    await owner.goto(`${server.url}/proposals/deploy/${other}`);
    await owner.getByRole('button', { name: 'Approve & publish' }).click();
    await owner.getByText(`You published version ${other}`).waitFor();

    await reviewer.getByRole('button', { name: 'Approve & publish' }).click();
    const refused = reviewer.getByRole('alert').filter({ hasText: 'Not done' });
    await refused.getByText('Someone published another version of this skill meanwhile').waitFor();
    await refused.getByRole('button', { name: 'Reload' }).click();
    await reviewer.getByText(`Agents get version ${other} until a reviewer`).waitFor();
    await reviewer.getByRole('button', { name: 'Approve & publish' }).click();
    await reviewer.getByText(`You published version ${own}`).waitFor();
    expect(await servedVersion()).toBe(own);
  });

  it('lets a reviewer publish over a blocked drop in trigger recall only by saying so', async () => {
    await owner.goto(`${server.url}/settings`);
    const form = owner.getByRole('form', { name: 'Workspace settings' });
    await form.getByRole('switch', { name: 'Refuse a drop in trigger recall' }).check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await owner.getByText('Workspace settings saved.').waitFor();

    // A description that finds every query, published, then one that finds fewer.
    const better = await proposeEdit(
      member,
      deployText(
        'Deploy the service to staging or production and roll back a release. Use when asked to deploy, ship or roll back.',
        FIRST_BODY,
      ),
      'Every query',
    );
    await reviewer.goto(`${server.url}/proposals/deploy/${better}`);
    await reviewer.getByRole('button', { name: 'Approve & publish' }).click();
    await reviewer.getByText(`You published version ${better}`).waitFor();
    const version = await proposeEdit(
      member,
      deployText('Deploys the service. Use when asked.', FIRST_BODY),
      'Shorter',
    );
    await reviewer.goto(`${server.url}/proposals/deploy/${version}`);
    const recall = reviewer
      .getByRole('region', { name: 'Trigger eval' })
      .locator('dt', { hasText: 'Recall' })
      .locator('xpath=following-sibling::dd[1]');
    expect(await recall.textContent()).toMatch(/^100% → \d+%.*points$/);
    await reviewer.getByRole('button', { name: 'Approve & publish' }).click();
    const refused = reviewer.getByRole('alert').filter({ hasText: 'Not done' });
    await refused.getByText('and this workspace blocks that').first().waitFor();
    expect(await servedVersion()).toBe(better);
    expect(await auditBothWidths(reviewer)).toEqual([]);
    expect((await takeScreenshots(reviewer, 'review-recall-drop')).scrollsSideways).toBe(false);
    await refused.getByRole('button', { name: 'Publish anyway' }).click();
    await reviewer.getByText(`You published version ${version}`).waitFor();
    expect(await servedVersion()).toBe(version);
  });
});
