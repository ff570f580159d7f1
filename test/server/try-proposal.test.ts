import { resolveServerConfig } from '@skillset/server';
import {
  createRuntimeTestApp,
  type RuntimeTestApp,
  skillText,
  type TestPrincipal,
} from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompletionReply,
  type CompletionRequest,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';

/**
 * Issue 37: a person tries a proposal in the playground's chat before it is published — the model
 * gets the proposed text in that turn only — while agents, and the same person's other chats,
 * keep the published revision; an agent token cannot ask for a proposal.
 */

const text = (marker: string) =>
  skillText('deploy', {
    description: 'Deploys the service to production. Use when asked to deploy.',
    body: `Deploy marker ${marker}.`,
  });

/** The scripted model loads the skill, then answers. */
function modelReply(request: CompletionRequest): CompletionReply {
  if (request.messages.at(-1)?.role === 'user') {
    return { toolCalls: [{ name: 'use_skill', arguments: { skill: 'deploy' } }] };
  }
  return { text: 'Done.' };
}

describe('trying a proposal in the chat', () => {
  let server: RuntimeTestApp;
  let endpoint: OpenAiCompatibleServer;
  let member: TestPrincipal;
  let agent: TestPrincipal;
  let chats = 0;

  /** The text of the skill the model got back in one turn. */
  async function turn(who: TestPrincipal, tryRevision?: { skill: string; version: number }) {
    const before = endpoint.requests.length;
    const response = await server.request('POST', '/api/chat', {
      token: who.token,
      json: {
        id: `try-${++chats}`,
        message: 'Deploy the service',
        ...(tryRevision === undefined ? {} : { tryRevision }),
      },
    });
    const body = await response.text();
    if (response.status !== 200) return { status: response.status, body };
    const sent = JSON.stringify(endpoint.requests.slice(before));
    return { status: 200, body: /marker (\w+)/.exec(sent)?.[1] ?? 'none' };
  }

  beforeAll(async () => {
    endpoint = await startOpenAiCompatibleServer(modelReply);
    const { model } = resolveServerConfig({
      env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
    });
    server = await createRuntimeTestApp(model === undefined ? {} : { chat: { model } });
    const owner = server.owner;
    const json = async (response: Promise<Response>, status = 200) => {
      const answered = await response;
      expect(answered.status, await answered.clone().text()).toBe(status);
      return answered.json();
    };
    await json(
      server.request('POST', '/api/skills', { token: owner.token, json: { content: text('one') } }),
      201,
    );
    member = await server.addUser('member');
    agent = await server.addAgent({ name: 'deployer' });
    await server.addUser('admin');
    await json(
      server.request('PATCH', `/api/workspaces/${owner.workspaceId}`, {
        token: owner.token,
        json: { settings: { review: 'required' } },
      }),
    );
    await json(
      server.request('PUT', '/api/skills/deploy', {
        token: member.token,
        json: { content: text('two') },
        headers: { 'if-match': '"1"' },
      }),
      202,
    );
  }, 60_000);

  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    await endpoint?.close();
  });

  it('gives the model the proposed text in that turn only', async () => {
    expect(await turn(member, { skill: 'deploy', version: 2 })).toEqual({
      status: 200,
      body: 'two',
    });
    expect(await turn(member)).toEqual({ status: 200, body: 'one' });
    expect(await turn(agent)).toEqual({ status: 200, body: 'one' });
  });

  it('refuses an agent token that asks for the proposal', async () => {
    const refused = await turn(agent, { skill: 'deploy', version: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('try proposed revisions');
  });
});
