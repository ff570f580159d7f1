import { describe, expect, it } from 'vitest';
import type { RequestPrincipal } from '../app/app-env.ts';
import { createChatApprovals } from './chat-approvals.ts';

const user = (userId: string, role: 'owner' | 'admin' | 'member' = 'member', workspaceId = 'w1') =>
  ({ kind: 'user', userId, workspaceId, role, instanceAdmin: false }) satisfies RequestPrincipal;
const agent = (actsForUserId?: string) =>
  ({
    kind: 'agent',
    tokenId: 't',
    agentId: 'bot',
    workspaceId: 'w1',
    ...(actsForUserId === undefined ? {} : { actsForUserId }),
  }) satisfies RequestPrincipal;

describe('createChatApprovals', () => {
  it('settles a person’s question once, with their own answer only', async () => {
    const approvals = createChatApprovals(60_000);
    const question = approvals.open(user('a'), {});
    expect(approvals.answer(user('a', 'member', 'w2'), question.id, true)).toBe(false);
    expect(approvals.answer(user('b', 'owner'), question.id, true)).toBe(false);
    expect(approvals.answer(user('a'), question.id, false)).toBe(true);
    expect(approvals.answer(user('a'), question.id, true)).toBe(false);
    await expect(question.outcome).resolves.toBe('refused');
  });

  it('lets only a person with rights over an agent answer its question, never an agent', async () => {
    const approvals = createChatApprovals<{ skill: string }>(60_000);
    const question = approvals.open(agent('c'), { skill: 'deploy' });
    expect(approvals.answer(agent('c'), question.id, true)).toBe(false);
    expect(approvals.answer(user('m'), question.id, true)).toBe(false);
    expect(approvals.list(user('m'))).toEqual([]);
    expect(approvals.list(user('c'))).toMatchObject([
      { id: question.id, details: { skill: 'deploy' } },
    ]);
    expect(approvals.list(user('admin', 'admin'))).toHaveLength(1);
    expect(approvals.answer(user('admin', 'admin'), question.id, true)).toBe(true);
    await expect(question.outcome).resolves.toBe('approved');
  });

  it('refuses an unanswered question after the timeout, and cancels one whose turn ended', async () => {
    const approvals = createChatApprovals(20);
    const late = approvals.open(user('a'), {});
    await expect(late.outcome).resolves.toBe('expired');
    expect(approvals.answer(user('a'), late.id, true)).toBe(false);
    const controller = new AbortController();
    const cancelled = approvals.open(user('a'), {}, controller.signal);
    controller.abort();
    await expect(cancelled.outcome).resolves.toBe('cancelled');
  });
});
