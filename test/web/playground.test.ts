import { resolveServerConfig } from '@skillset/server';
import { skillText } from '@skillset/server/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletionReply,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let endpoint: OpenAiCompatibleServer;
let withModel: WebServer;
let withoutModel: WebServer;
let browser: Browser;
let page: Page;

const useSkill = (skill: string, topic?: string): CompletionReply => ({
  toolCalls: [
    {
      name: 'use_skill',
      arguments: { skill, ...(topic === undefined ? {} : { arguments: topic }) },
    },
  ],
});

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

async function addSkills(server: WebServer) {
  await server.app.addSkill(
    skillText('haiku', {
      description: 'Write a haiku about a topic.',
      frontmatter: 'argument-hint: <topic>\n',
      body: 'Write a haiku about $ARGUMENTS. Use 5-7-5 syllables.',
    }),
  );
  await server.app.addSkill(
    skillText('secret', { description: 'The secret recipe.', body: 'The recipe is SAUCE-42.' }),
  );
  await server.app.addSkill(
    skillText('release-notes', {
      description: 'Draft release notes.',
      frontmatter: [
        'arguments:',
        '  - name: version',
        '    type: string',
        '    required: true',
        '    description: The version to describe.',
        '  - name: audience',
        '    type: string',
        '    enum: [users, developers]',
        '    default: users',
        '  - name: breaking',
        '    type: boolean',
        '    description: Whether it breaks anything.',
        '',
      ].join('\n'),
      body: 'Notes for version $version, for $audience; breaking: $breaking.',
    }),
  );
  await server.app.addSkill(
    skillText('deploy-app', {
      description: 'Deploy the app.',
      frontmatter: 'disable-model-invocation: true\n',
    }),
  );
}

const conversation = () => page.getByRole('log', { name: 'Conversation' });
const messageBox = () => page.getByRole('combobox', { name: 'Message' });

beforeAll(async () => {
  webDir = await buildWebUi();
  endpoint = await startOpenAiCompatibleServer([
    useSkill('haiku', 'autumn'),
    { text: 'Leaves fall, quiet light; the maple lets go.' },
    useSkill('secret'),
    { text: 'The recipe is SAUCE-42.' },
    useSkill('secret'),
    { text: 'Still SAUCE-42, without asking.' },
    (request) => ({
      text: JSON.stringify(request.messages).includes(
        'Notes for version 2.0 beta, for developers; breaking: true.',
      )
        ? 'Release 2.0 beta: notes drafted.'
        : 'The arguments did not arrive.',
    }),
  ]);
  const { model } = resolveServerConfig({
    env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
  });
  withModel = await startWebServer(webDir.path, { chat: model === undefined ? {} : { model } });
  withoutModel = await startWebServer(webDir.path);
  await addSkills(withModel);
  await addSkills(withoutModel);
  const ask = await withModel.app.request('POST', '/api/permissions', {
    token: withModel.app.owner.token,
    json: { skill: 'secret', action: 'ask' },
  });
  if (ask.status !== 201) throw new Error(`the ask rule was refused: ${ask.status}`);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await withModel?.[Symbol.asyncDispose]();
  await withoutModel?.[Symbol.asyncDispose]();
  await endpoint?.close();
  await webDir?.[Symbol.asyncDispose]();
});

describe('playground', () => {
  it('says how to configure a model when the server has none', async () => {
    await signIn(page, withoutModel);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Playground' })
      .click();
    await messageBox().fill('hello');
    await messageBox().press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'No chat model is configured' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('set SKILLSET_MODEL to <provider>:<model id>');
    await takeScreenshots(page, 'playground-no-model', { fullPage: false });
    await page.getByRole('region', { name: 'Prompt and policy' }).getByText('4 listed').waitFor();
  });

  it('completes / and $ commands from the keyboard, with hints and descriptions', async () => {
    await signIn(page, withModel);
    await page.goto(`${withModel.url}/playground`);
    const box = messageBox();
    await box.pressSequentially('/h');
    const listbox = page.getByRole('listbox', { name: 'Skills to invoke' });
    await listbox.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const option = listbox.getByRole('option', { selected: true });
    expect(await option.textContent()).toBe('/haiku<topic>Write a haiku about a topic.');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/haiku ');
    expect(await listbox.count()).toBe(0);
    await box.pressSequentially('$');
    await listbox.waitFor();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    expect(await listbox.getByRole('option', { selected: true }).textContent()).toContain('$haiku');
    await box.press('Escape');
    expect(await listbox.count()).toBe(0);
    expect(await box.inputValue()).toBe('/haiku $');
    await box.fill('');
  });

  it('streams a turn where the model loads a skill, with its activation chip and the trace', async () => {
    await messageBox().fill('A haiku about autumn, please');
    await messageBox().press('Enter');
    const answer = conversation().getByRole('article', { name: 'Answer' }).last();
    await answer.getByText('Leaves fall, quiet light; the maple lets go.').waitFor();
    const chips = answer.getByRole('list', { name: 'Activated skills' });
    expect(await chips.getByRole('listitem').allTextContents()).toEqual(['haiku']);
    expect(await answer.getByText('use_skill').count()).toBe(1);
    const panel = page.getByRole('region', { name: 'Prompt and policy' });
    await panel.getByText('active: haiku').waitFor();
    const trace = panel.getByRole('list', { name: 'Policy trace' });
    await eventually(() => trace.getByRole('listitem').allTextContents()).toContainEqual(
      expect.stringMatching(/^hiddendeploy-app .*model/i),
    );
    expect(await trace.getByRole('listitem').allTextContents()).toContainEqual(
      expect.stringMatching(/^listedhaiku /),
    );
    expect((await takeScreenshots(page, 'playground')).scrollsSideways).toBe(false);
  });

  it('asks before a skill that a rule says ask, goes on once allowed always, and does not ask again', async () => {
    await messageBox().fill('What is the secret recipe?');
    await messageBox().press('Enter');
    const approval = conversation().getByRole('alert').filter({ hasText: 'Approval needed' });
    await approval.getByText('pending').waitFor();
    await approval.getByRole('button', { name: 'Approve' }).waitFor();
    await approval.getByRole('button', { name: 'Refuse' }).waitFor();
    await takeScreenshots(page, 'playground-approval', { fullPage: false });
    await approval.getByRole('button', { name: 'Always allow' }).click();
    await conversation().getByText('The recipe is SAUCE-42.').waitFor();
    await conversation().getByText('always allowed').waitFor();
    expect(endpoint.requests).toHaveLength(4);

    await messageBox().fill('And once more?');
    await messageBox().press('Enter');
    await conversation().getByText('Still SAUCE-42, without asking.').waitFor();
    expect(await conversation().getByText('Approval needed').count()).toBe(1);
    expect(endpoint.requests).toHaveLength(6);
  });

  it('shows a form for a skill’s declared arguments and shows a missing one’s error in the conversation', async () => {
    await signIn(page, withModel);
    await page.goto(`${withModel.url}/playground`);
    await messageBox().fill('$release-notes ');
    const form = page.getByRole('region', { name: 'Arguments of $release-notes' });
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: 'version' }).getAttribute('aria-required')).toBe(
      'true',
    );
    expect(await form.getByRole('combobox', { name: 'audience' }).inputValue()).toBe('users');
    expect(await form.getByRole('checkbox', { name: 'breaking' }).isChecked()).toBe(false);
    await messageBox().press('Enter');
    const failure = conversation()
      .getByRole('alert')
      .filter({ hasText: 'Missing required argument "version"' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain('The turn failed');
    const answers = await conversation().getByRole('article', { name: 'Answer' }).allTextContents();
    expect(answers.filter((text) => text.trim() === 'Agent')).toEqual([]);
    expect(endpoint.requests).toHaveLength(6);
    expect(await form.count()).toBe(0);

    await messageBox().fill('$release-notes ');
    await form.getByRole('textbox', { name: 'version' }).fill('2.0 beta');
    await form.getByRole('combobox', { name: 'audience' }).click();
    await page.getByRole('option', { name: 'developers' }).click();
    await form.getByRole('checkbox', { name: 'breaking' }).check();
    await form
      .getByText('$release-notes --version "2.0 beta" --audience developers --breaking')
      .waitFor();
    expect((await takeScreenshots(page, 'playground-arguments')).scrollsSideways).toBe(false);
    await page.getByRole('button', { name: 'Send' }).click();
    await conversation().getByText('Release 2.0 beta: notes drafted.').waitFor();
    expect(
      await conversation().getByRole('article', { name: 'Your message' }).last().textContent(),
    ).toContain('$release-notes --version "2.0 beta" --audience developers --breaking');
    expect(endpoint.requests).toHaveLength(7);
    expect(await failure.isVisible()).toBe(true);
  });
});
