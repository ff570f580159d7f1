import { skillText } from '@skillset/server/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAccessibility, describeViolations } from './audit-accessibility.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, resizeTo, takeScreenshots } from './take-screenshots.ts';

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let page: Page;

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** The names the `/` autocomplete offers for what is typed in the message box. */
async function offeredCommands(typed: string): Promise<string[]> {
  const box = page.getByRole('combobox', { name: 'Message' });
  await box.fill('');
  await box.pressSequentially(typed);
  const listbox = page.getByRole('listbox', { name: 'Skills to invoke' });
  const noMatch = page.getByText(`No skill matches ${typed.trim()}`);
  await listbox.or(noMatch).waitFor();
  if (await noMatch.isVisible()) return [];
  const names = await listbox
    .getByRole('option')
    .evaluateAll((options) =>
      options.map((option) => option.querySelector('span')?.textContent ?? ''),
    );
  await box.press('Escape');
  return names;
}

/** The names of the commands the agent may invoke, as the API answers them to the owner. */
async function agentCommands(agentId: string): Promise<string[]> {
  const response = await server.app.request('GET', `/api/skills/commands?agent=${agentId}`, {
    token: server.app.owner.token,
  });
  expect(response.status).toBe(200);
  const { commands } = (await response.json()) as { commands: Array<{ name: string }> };
  return commands.map((command) => command.name);
}

/** The agent's rules as the store holds them, by pattern (one replace writes them all at once). */
async function storedRules(agentId: string) {
  const rules = await server.app.store.permissions.list({
    workspaceId: server.app.owner.workspaceId,
    agentId,
  });
  return rules
    .filter((rule) => rule.agentId === agentId)
    .map(({ skill, action, surface }) => ({ skill, action, surface }))
    .sort((left, right) => left.skill.localeCompare(right.skill));
}

/** axe-core's serious and critical violations at both widths, in a profile that lets it run. */
async function auditAgentPage(path: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  try {
    const audited = await context.newPage();
    audited.setDefaultTimeout(10_000);
    await signIn(audited, server);
    await audited.goto(`${server.url}${path}`);
    await audited.getByRole('region', { name: 'Permissions' }).getByRole('row').nth(1).waitFor();
    await eventually(() => audited.locator('.mantine-Loader:visible').count()).toBe(0);
    const lines: string[] = [];
    for (const [label, viewport] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      await resizeTo(audited, viewport);
      const found = describeViolations(await auditAccessibility(audited));
      lines.push(...found.map((line) => `${label} px ${line}`));
    }
    return lines;
  } finally {
    await context.close();
  }
}

async function agentSettings(name: string) {
  const agent = await server.app.store.agents.getByName(server.app.owner.workspaceId, name);
  if (agent === undefined) throw new Error(`no agent ${name}`);
  return agent;
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const { app } = server;
  await app.addSkill(
    skillText('haiku', {
      description: 'Write a haiku about a topic.',
      frontmatter: 'argument-hint: <topic>\n',
    }),
  );
  await app.addSkill(skillText('secret', { description: 'The secret recipe.' }));
  await app.addSkill(skillText('deploy-prod', { description: 'Deploy to production.' }));
  await app.addSkill(skillText('deploy-staging', { description: 'Deploy to staging.' }));
  for (let index = 0; index < 30; index++) {
    await app.addSkill(
      skillText(`bulk-${String(index).padStart(2, '0')}`, { description: `Bulk skill ${index}.` }),
    );
  }
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('agents pages', () => {
  it('shows an empty list, then creates an agent and opens its page', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Agents' })
      .click();
    await page.getByText('No agents yet').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('support-bot');
    await page.getByRole('textbox', { name: 'Description' }).fill('Answers customer questions.');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'support-bot', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agents/support-bot');
    expect((await agentSettings('support-bot')).description).toBe('Answers customer questions.');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Agents' })
      .click();
    await page
      .getByRole('list', { name: 'Agents' })
      .getByRole('link', { name: 'support-bot' })
      .waitFor();
    expect((await takeScreenshots(page, 'agents-list')).scrollsSideways).toBe(false);
  });

  it('refuses a second agent of the same name with the server’s message', async () => {
    await page.goto(`${server.url}/agents`);
    await page.getByRole('link', { name: 'support-bot' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('support-bot');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByText('already has an agent named "support-bot"').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('support-bot-2');
    expect(await page.getByText('already has an agent named').count()).toBe(0);
  });

  it('saves the settings', async () => {
    await page.getByRole('link', { name: 'support-bot' }).click();
    const budget = page.getByRole('textbox', { name: 'Catalog budget' });
    await budget.fill('500');
    const pinned = page
      .getByRole('textbox', { name: 'Pinned skills' })
      .or(page.getByRole('combobox', { name: 'Pinned skills' }));
    await pinned.fill('haiku');
    await pinned.press('Enter');
    await page.getByRole('switch', { name: 'Include personal skills' }).click({ force: true });
    await page
      .getByRole('switch', { name: 'Block skills with content risks' })
      .click({ force: true });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await eventually(async () => (await agentSettings('support-bot')).settings).toMatchObject({
      catalogBudget: 500,
      skills: ['haiku'],
      includePersonal: true,
      contentRisks: 'block',
    });
    await eventually(() => page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(
      true,
    );
  });

  it('pages and filters the permission matrix, and denies a skill', async () => {
    const matrix = page.getByRole('region', { name: 'Permissions' });
    await matrix.getByRole('button', { name: 'Permissions page 2' }).waitFor();
    expect(await matrix.getByRole('row').count()).toBe(26);
    await matrix.getByRole('searchbox', { name: 'Filter skills' }).fill('secret');
    await eventually(() => matrix.getByRole('row').count()).toBe(2);
    expect(await matrix.getByText(/^\d+ skills?$/).textContent()).toBe('1 skill');
    const deny = matrix.getByRole('radio', { name: 'Deny secret' });
    expect(await matrix.getByRole('radio', { name: 'Default secret' }).isChecked()).toBe(true);
    await deny.click();
    await eventually(() => deny.isChecked()).toBe(true);
    const agent = await agentSettings('support-bot');
    await eventually(async () =>
      (await server.app.store.permissions.list({ workspaceId: agent.workspaceId })).map(
        ({ agentId, skill, action, surface }) => ({ agentId, skill, action, surface }),
      ),
    ).toEqual([{ agentId: agent.id, skill: 'secret', action: 'deny', surface: '*' }]);
    await matrix.getByRole('searchbox', { name: 'Filter skills' }).fill('');
    await matrix.getByRole('button', { name: 'Permissions page 2' }).waitFor();
  });

  it('lists only the overrides, keeps that view on reload, and filters it', async () => {
    const matrix = page.getByRole('region', { name: 'Permissions' });
    await matrix.getByRole('radio', { name: 'All skills' }).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(() => new URL(page.url()).searchParams.get('permissions')).toBe('overrides');
    await eventually(() => matrix.getByRole('row').count()).toBe(2);
    expect(await matrix.getByRole('row').nth(1).getByRole('rowheader').textContent()).toContain(
      'secret',
    );
    expect(await matrix.getByRole('radio', { name: 'Deny secret' }).isChecked()).toBe(true);
    expect(await matrix.getByText('1 override', { exact: true }).isVisible()).toBe(true);
    expect(await matrix.getByRole('button', { name: 'Permissions page 2' }).count()).toBe(0);

    await page.reload();
    await matrix.getByRole('radio', { name: 'Deny secret' }).waitFor();
    expect(await matrix.getByRole('radio', { name: 'Only overrides' }).isChecked()).toBe(true);
    expect(await matrix.getByRole('row').count()).toBe(2);

    const filter = matrix.getByRole('searchbox', { name: 'Filter overrides' });
    await filter.fill('hai');
    await matrix.getByText('No override matches').waitFor();
    expect(await matrix.getByRole('row').count()).toBe(0);
    await filter.fill('SEC');
    await eventually(() => matrix.getByRole('row').count()).toBe(2);
    await filter.fill('');
  });

  it('adds a deny pattern rule that takes effect, and removes it only after confirmation', async () => {
    const agent = await agentSettings('support-bot');
    const matrix = page.getByRole('region', { name: 'Permissions' });
    expect(await agentCommands(agent.id)).toEqual(
      expect.arrayContaining(['deploy-prod', 'deploy-staging', 'haiku']),
    );
    const pattern = matrix.getByRole('textbox', { name: 'Pattern' });
    await pattern.fill('deploy [prod]');
    await matrix.getByRole('button', { name: 'Add rule' }).click();
    await matrix.getByText('Not allowed: spaces [ ].').waitFor();
    expect(await storedRules(agent.id)).toEqual([
      { skill: 'secret', action: 'deny', surface: '*' },
    ]);

    await pattern.fill('deploy-*');
    await matrix.getByRole('combobox', { name: 'Action' }).selectOption('deny');
    await matrix.getByRole('combobox', { name: 'Surface' }).selectOption('*');
    await matrix.getByRole('button', { name: 'Add rule' }).click();
    const list = matrix.getByRole('list', { name: 'Pattern rules' });
    await list.getByText('deploy-*', { exact: true }).waitFor();
    expect(await pattern.inputValue()).toBe('');
    expect(await storedRules(agent.id)).toEqual([
      { skill: 'deploy-*', action: 'deny', surface: '*' },
      { skill: 'secret', action: 'deny', surface: '*' },
    ]);
    const commands = await agentCommands(agent.id);
    expect(commands).toContain('haiku');
    expect(commands).not.toContain('deploy-prod');
    expect(commands).not.toContain('deploy-staging');

    await matrix.getByText('All skills', { exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.get('permissions')).toBe(null);
    await matrix.getByRole('searchbox', { name: 'Filter skills' }).fill('deploy');
    const row = (name: string) =>
      matrix
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .getByText('Also: deny deploy-*');
    await row('deploy-prod').waitFor();
    await row('deploy-staging').waitFor();
    expect(await row('secret').count()).toBe(0);
    expect((await takeScreenshots(page, 'agent-permissions-all')).scrollsSideways).toBe(false);
    await matrix.getByRole('searchbox', { name: 'Filter skills' }).fill('');
    await matrix.getByText('Only overrides', { exact: true }).click();
    await eventually(() => matrix.getByRole('row').count()).toBe(2);
    expect((await takeScreenshots(page, 'agent-permissions-overrides')).scrollsSideways).toBe(
      false,
    );
    expect(await auditAgentPage('/agents/support-bot?permissions=overrides')).toEqual([]);

    await matrix.getByRole('button', { name: 'Remove the rule deny deploy-*' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the rule deny deploy-*?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await list.getByText('deploy-*', { exact: true }).isVisible()).toBe(true);
    expect(await storedRules(agent.id)).toHaveLength(2);

    await matrix.getByRole('button', { name: 'Remove the rule deny deploy-*' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Remove rule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await matrix.getByText(/^No pattern rules yet: each skill follows its row above/).waitFor();
    expect(await storedRules(agent.id)).toEqual([
      { skill: 'secret', action: 'deny', surface: '*' },
    ]);
    expect(await agentCommands(agent.id)).toContain('deploy-prod');
    await matrix.getByText('All skills', { exact: true }).click();
  });

  it('shows that an agent without overrides has none', async () => {
    await page.goto(`${server.url}/agents`);
    await page.getByRole('textbox', { name: 'Name' }).fill('quiet-bot');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'quiet-bot', level: 1 }).waitFor();
    const matrix = page.getByRole('region', { name: 'Permissions' });
    await matrix.getByText('Only overrides', { exact: true }).click();
    await matrix.getByText('Every skill follows the workspace rules for quiet-bot.').waitFor();
    expect(await matrix.getByRole('table').count()).toBe(0);
    expect((await takeScreenshots(page, 'agent-permissions-no-overrides')).scrollsSideways).toBe(
      false,
    );
    await matrix.getByText('All skills', { exact: true }).click();
    await page.goto(`${server.url}/agents/support-bot`);
    await page.getByRole('region', { name: 'Permissions' }).getByRole('row').nth(1).waitFor();
  });

  it('creates a token for the agent and shows its secret once', async () => {
    const tokens = page.getByRole('region', { name: 'Tokens' });
    await tokens.getByRole('textbox', { name: 'New token name' }).fill('ci');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await tokens.getByText('Copy the token now').waitFor();
    await tokens.getByRole('list', { name: 'Agent tokens' }).getByText('ci').waitFor();
    await tokens.getByRole('button', { name: 'Done' }).click();
    expect((await takeScreenshots(page, 'agent-settings')).scrollsSideways).toBe(false);
  });

  it('revokes a token only after confirmation, and its shown-once secret goes away', async () => {
    const tokens = page.getByRole('region', { name: 'Tokens' });
    await tokens.getByRole('textbox', { name: 'New token name' }).fill('deploy');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secret = tokens.getByText(/^sks_[\w-]+$/);
    await secret.waitFor();
    const value = (await secret.textContent()) ?? '';
    const meStatus = async () =>
      (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${value}` } }))
        .status;
    await tokens.getByRole('button', { name: 'Revoke deploy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke deploy?' });
    await dialog.getByText('stops acting as support-bot').waitFor();
    expect((await takeScreenshots(page, 'agent-token-revoke')).scrollsSideways).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tokens.getByRole('button', { name: 'Revoke deploy' }).isVisible()).toBe(true);
    expect(await tokens.getByText(value).isVisible()).toBe(true);
    expect(await meStatus()).toBe(200);

    await tokens.getByRole('button', { name: 'Revoke deploy' }).click();
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(() => tokens.getByRole('button', { name: 'Revoke deploy' }).count()).toBe(0);
    expect(await page.getByText(value).count()).toBe(0);
    expect(await page.content()).not.toContain(value);
    await eventually(meStatus).toBe(401);
    expect(await tokens.getByRole('button', { name: 'Revoke ci' }).isVisible()).toBe(true);
  });

  it('hides the denied skill from the agent’s / autocomplete in the playground, not from mine', async () => {
    await page.getByRole('link', { name: 'Try in playground' }).click();
    await page.getByRole('combobox', { name: 'Message' }).waitFor();
    expect(new URL(page.url()).searchParams.get('agent')).toBe('support-bot');
    await eventually(() => offeredCommands('/')).toContain('/haiku');
    expect(await offeredCommands('/se')).not.toContain('/secret');
    expect(await offeredCommands('/')).not.toContain('/secret');
    await page.getByRole('combobox', { name: 'Chat as' }).click();
    await page.getByRole('option', { name: 'As me (workspace policy)' }).click();
    await eventually(() => offeredCommands('/se')).toContain('/secret');
  });

  it('lists an agent with a deny rule without "every skill", and its trace names it', async () => {
    await page.goto(`${server.url}/agents`);
    const item = page
      .getByRole('list', { name: 'Agents' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'support-bot', exact: true }) });
    await eventually(() => item.getByText(/^\d+ deny rules?$/).count()).toBe(1);
    expect(await item.getByText('every skill', { exact: true }).count()).toBe(0);
    const prompt = await server.app.request(
      'GET',
      '/api/chat/prompt?agent=support-bot&message=secret',
      { token: server.app.owner.token },
    );
    const text = JSON.stringify(await prompt.json());
    const agent = await agentSettings('support-bot');
    expect(text).toContain('deny \\"secret\\" for \\"support-bot\\"');
    expect(text).not.toContain(`for ${agent.id}`);
  });

  it('deletes an agent only after confirmation', async () => {
    const { workspaceId } = server.app.owner;
    await server.app.store.agents.create({ workspaceId, name: 'short-lived' });
    const exists = async () =>
      (await server.app.store.agents.getByName(workspaceId, 'short-lived')) !== undefined;
    await page.goto(`${server.url}/agents/short-lived`);
    await page.getByRole('heading', { name: 'short-lived', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete short-lived?' });
    await dialog.getByText('with its tokens and permission rules').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await exists()).toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete agent' }).click();
    await page.waitForURL(`${server.url}/agents`);
    await eventually(exists).toBe(false);
  });
});
