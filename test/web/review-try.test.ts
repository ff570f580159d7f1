import { resolveServerConfig } from '@skillset/server';
import { skillText, type TestPrincipal } from '@skillset/server/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletionReply,
  type CompletionRequest,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { auditBothWidths } from './audit-both-widths.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

/**
 * Issue 37 in the browser: a member tries their own proposal in the playground before anyone
 * publishes it — the model gets the proposed text while the banner says so — and, once they stop
 * trying, the published text again.
 */

const deployText = (marker: string) =>
  skillText('deploy', {
    description: 'Deploys the service to production. Use when asked to deploy.',
    body: `# Deploy\n\nDeploy marker ${marker}.\n`,
  });

/** The scripted model loads the skill, then answers. */
function modelReply(request: CompletionRequest): CompletionReply {
  if (request.messages.at(-1)?.role === 'user') {
    return { toolCalls: [{ name: 'use_skill', arguments: { skill: 'deploy' } }] };
  }
  return { text: 'Deployed as the skill says.' };
}

let webDir: BuiltWebUi;
let endpoint: OpenAiCompatibleServer;
let server: WebServer;
let browser: Browser;
let member: TestPrincipal;
let page: Page;

/** An API call that must answer `status`. */
async function call(
  who: TestPrincipal,
  method: string,
  path: string,
  options: { json?: unknown; headers?: Record<string, string> },
  status = 200,
) {
  const response = await server.app.request(method, path, { token: who.token, ...options });
  expect(response.status, await response.text()).toBe(status);
}

const conversation = () => page.getByRole('log', { name: 'Conversation' });
const banner = () => page.getByRole('status').filter({ hasText: /^Trying deploy/ });

/** Sends a message and answers the marker of the deploy text the model got in that turn. */
async function markerOfTurn(message: string): Promise<string | undefined> {
  const before = endpoint.requests.length;
  const answers = conversation().getByRole('article', { name: 'Answer' });
  const answered = await answers.count();
  await page.getByRole('combobox', { name: 'Message' }).fill(message);
  await page.getByRole('combobox', { name: 'Message' }).press('Enter');
  await answers.nth(answered).getByText('Deployed as the skill says.').waitFor();
  const sent = JSON.stringify(endpoint.requests.slice(before));
  return /Deploy marker (\w+)\./.exec(sent)?.[1];
}

beforeAll(async () => {
  webDir = await buildWebUi();
  endpoint = await startOpenAiCompatibleServer(modelReply);
  const { model } = resolveServerConfig({
    env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
  });
  server = await startWebServer(webDir.path, { chat: model === undefined ? {} : { model } });
  const { owner } = server.app;
  await call(owner, 'POST', '/api/skills', { json: { content: deployText('PUBLISHED') } }, 201);
  member = await server.app.addUser('member');
  await server.app.addUser('admin');
  await call(owner, 'PATCH', `/api/workspaces/${owner.workspaceId}`, {
    json: { settings: { review: 'required' } },
  });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await endpoint?.close();
  await webDir?.[Symbol.asyncDispose]();
});

describe('trying a proposal in the playground', () => {
  it("links a member's proposal to the playground", async () => {
    await signIn(page, server, member.userId);
    await page.goto(`${server.url}/skills/deploy/edit?scope=workspace`);
    await page.getByRole('button', { name: 'Propose change' }).waitFor();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(deployText('PROPOSED'));
    await page.getByRole('button', { name: 'Propose change' }).click();
    await page.getByRole('heading', { level: 1, name: 'deploy · version 2' }).waitFor();
    const tryIt = page.getByRole('link', { name: 'Try in playground' });
    expect(await tryIt.getAttribute('href')).toBe('/playground?try=deploy@2');
    expect(await auditBothWidths(page)).toEqual([]);
    const shots = await takeScreenshots(page, 'review-proposal-try');
    expect(shots.scrollsSideways).toBe(false);
    await tryIt.click();
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
  });

  it('gives the model the proposed text while the banner says so', async () => {
    await banner().getByText('Trying deploy v2 (proposed)').waitFor();
    await banner().getByText('Only in this chat; agents get v1.', { exact: false }).waitFor();
    expect(await markerOfTurn('Deploy the service')).toBe('PROPOSED');
    expect(await markerOfTurn('Deploy it again')).toBe('PROPOSED');
    expect(await auditBothWidths(page)).toEqual([]);
    const shots = await takeScreenshots(page, 'playground-try');
    expect(shots.scrollsSideways).toBe(false);
  });

  it('gives the model the published text once the member stops trying', async () => {
    await banner().getByRole('button', { name: 'Stop trying' }).click();
    await banner().waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.getByText('Start a conversation').waitFor();
    expect(await markerOfTurn('Deploy the service')).toBe('PUBLISHED');
  });

  it('keeps trying when the chat switches to another agent', async () => {
    await server.app.addAgent({ name: 'deployer' });
    await page.goto(`${server.url}/playground?try=deploy@2`);
    await banner().waitFor();
    await page.getByRole('combobox', { name: 'Chat as' }).click();
    await page.getByRole('option', { name: 'deployer' }).click();
    await page.waitForURL((url) => url.searchParams.get('agent') === 'deployer');
    expect(new URL(page.url()).searchParams.get('try')).toBe('deploy@2');
    await banner().getByText('Trying deploy v2 (proposed)').waitFor();
  });

  it('says so when the version to try does not exist', async () => {
    await page.goto(`${server.url}/playground?try=deploy@9`);
    const missing = page.getByRole('status').filter({ hasText: 'Cannot try deploy v9' });
    await missing.getByText('There is no version 9 of the workspace skill deploy').waitFor();
    expect(await auditBothWidths(page)).toEqual([]);
    const shots = await takeScreenshots(page, 'playground-try-missing', { fullPage: false });
    expect(shots.scrollsSideways).toBe(false);
    await missing.getByRole('button', { name: 'Stop trying' }).click();
    await missing.waitFor({ state: 'detached' });
  });
});
