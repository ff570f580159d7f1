import { resolveServerConfig } from '@skillset/server';
import { createRuntimeTestApp, type RuntimeTestApp, skillText } from '@skillset/server/test';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CompletionReply,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { readSseJson } from '../support/read-sse.ts';

/** The `data-approval` part of the stream. */
interface ApprovalPart {
  id: string;
  status: string;
  request: { kind: string; skill?: string; description: string };
}

const haiku = skillText('haiku', {
  description: 'Write a haiku about a topic.',
  body: 'Write a haiku about $ARGUMENTS. Use 5-7-5 syllables.',
});

const useHaiku: CompletionReply = {
  toolCalls: [{ name: 'use_skill', arguments: { skill: 'haiku', arguments: 'rain' } }],
};

let endpoint: OpenAiCompatibleServer | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

/** A test app whose model uses haiku and then answers, turn after turn; an ask rule covers haiku. */
async function askingApp(turns: number): Promise<RuntimeTestApp> {
  const script: CompletionReply[] = [];
  for (let turn = 1; turn <= turns; turn++) script.push(useHaiku, { text: `Answer ${turn}.` });
  endpoint = await startOpenAiCompatibleServer(script);
  const { model } = resolveServerConfig({
    env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
  });
  const server = await createRuntimeTestApp({ chat: model === undefined ? {} : { model } });
  await server.addSkill(haiku);
  await server.store.permissions.create({
    workspaceId: server.owner.workspaceId,
    skill: 'haiku',
    action: 'ask',
  });
  return server;
}

/** Runs one chat turn as `token`, answering each approval question with `answer`. */
async function turn(
  server: RuntimeTestApp,
  token: string,
  chatId: string,
  answer: { approved: boolean; always?: boolean },
) {
  const response = await server.request('POST', '/api/chat', {
    token,
    json: { id: chatId, message: 'A haiku about rain' },
  });
  expect(response.status).toBe(200);
  const chunks = await readSseJson(response, async (chunk) => {
    const data = chunk.data as ApprovalPart | undefined;
    if (chunk.type !== 'data-approval' || data?.status !== 'pending') return;
    const answered = await server.request('POST', `/api/chat/approvals/${data.id}`, {
      token,
      json: answer,
    });
    expect(answered.status).toBe(200);
  });
  const approvals = chunks
    .filter((chunk) => chunk.type === 'data-approval')
    .map((chunk) => chunk.data as ApprovalPart);
  const activated = chunks.some((chunk) => chunk.type === 'data-activation');
  return { approvals, activated };
}

describe('chat approvals answered "always"', () => {
  it('are kept per person with the skill content, and an edit through the API asks again', async () => {
    await using server = await askingApp(5);
    const owner = server.owner.token;
    const first = await turn(server, owner, 'chat-1', { approved: true, always: true });
    expect(first.approvals.map((approval) => approval.status)).toEqual(['pending', 'always']);
    expect(first.activated).toBe(true);
    const key = {
      workspaceId: server.owner.workspaceId,
      principal: `user:${server.owner.userId}`,
      skill: 'haiku',
      action: 'use',
    };
    expect(await server.store.approvals.find(key)).toMatch(/^sha256:[0-9a-f]{64}$/);

    // The next turn, in another conversation, is not asked.
    const second = await turn(server, owner, 'chat-2', { approved: false });
    expect(second.approvals).toEqual([]);
    expect(second.activated).toBe(true);

    // Another member of the workspace has approved nothing yet.
    const member = await server.addUser('member');
    const theirs = await turn(server, member.token, 'chat-3', { approved: false });
    expect(theirs.approvals.map((approval) => approval.status)).toEqual(['pending', 'refused']);
    expect(theirs.activated).toBe(false);

    // Editing the skill revokes the approval: asked again, told why.
    const edited = await server.request('PATCH', '/api/skills/haiku', {
      token: owner,
      json: { operation: 'append', content: 'Mention the season.' },
      headers: { 'if-match': '"1"' },
    });
    expect(edited.status).toBe(200);
    const third = await turn(server, owner, 'chat-4', { approved: false });
    expect(third.approvals.map((approval) => approval.status)).toEqual(['pending', 'refused']);
    expect(third.approvals[0]?.request.description).toBe(
      'Skill haiku changed since you approved it always, so that approval no longer holds. Use skill haiku (a permission rule asks for approval)?',
    );
    expect(third.activated).toBe(false);
    expect(await server.store.approvals.find(key)).toBeUndefined();
    const fourth = await turn(server, owner, 'chat-5', { approved: true });
    expect(fourth.approvals.map((approval) => approval.status)).toEqual(['pending', 'approved']);
  });

  it('never reach another workspace, even for a skill with the same content', async () => {
    await using server = await askingApp(2);
    await turn(server, server.owner.token, 'chat-1', { approved: true, always: true });
    const stranger = await server.addWorkspace('elsewhere');
    await server.addSkill(haiku, { workspaceId: stranger.workspaceId });
    await server.store.permissions.create({
      workspaceId: stranger.workspaceId,
      skill: 'haiku',
      action: 'ask',
    });
    const listed = await server.request('GET', '/api/chat/approvals', { token: stranger.token });
    expect(await listed.json()).toEqual({ approvals: [] });
    const theirs = await turn(server, stranger.token, 'chat-1', { approved: false });
    expect(theirs.approvals.map((approval) => approval.status)).toEqual(['pending', 'refused']);
    expect(theirs.activated).toBe(false);
  });
});
