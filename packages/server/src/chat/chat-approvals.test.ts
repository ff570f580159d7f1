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

  it('never lets the author of the revision answer its run, and only admins a run with secrets', async () => {
    const approvals = createChatApprovals(60_000);
    // A member's own run of a revision she made: she may not answer; the workspace's admins may.
    const own = approvals.open(user('m'), {}, { run: { author: 'm' } });
    expect(approvals.list(user('m'))).toEqual([]);
    expect(() => approvals.answer(user('m'), own.id, true)).toThrow(
      'You made the revision of this skill whose script would run',
    );
    expect(approvals.answer(user('other-member'), own.id, true)).toBe(false);
    expect(approvals.list(user('admin', 'admin')).map((each) => each.id)).toEqual([own.id]);
    expect(approvals.answer(user('admin', 'admin'), own.id, true)).toBe(true);
    await expect(own.outcome).resolves.toBe('approved');

    // A run that gets a secret: never a member, not even for her own turn or an agent acting for her.
    for (const asker of [user('m'), agent('m')]) {
      const secret = approvals.open(asker, {}, { run: { author: 'a1', secrets: true } });
      expect(approvals.list(user('m'))).toEqual([]);
      expect(() => approvals.answer(user('m'), secret.id, true)).toThrow(
        'This run gets a workspace secret, so only an admin',
      );
      // The admin who made the revision may not either; another admin may.
      expect(() => approvals.answer(user('a1', 'admin'), secret.id, true)).toThrow(
        'You made the revision',
      );
      expect(approvals.list(user('a1', 'admin'))).toEqual([]);
      expect(approvals.answer(user('a2', 'owner'), secret.id, 'always')).toBe(true);
      await expect(secret.outcome).resolves.toBe('always');
    }

    // Without those rules a member answers her own run, as before.
    const plain = approvals.open(user('m'), {}, { run: { author: 'someone-else' } });
    expect(approvals.list(user('admin', 'admin'))).toEqual([]);
    expect(approvals.answer(user('m'), plain.id, false)).toBe(true);
  });

  it('refuses an unanswered question after the timeout, and cancels one whose turn ended', async () => {
    const approvals = createChatApprovals(20);
    const late = approvals.open(user('a'), {});
    await expect(late.outcome).resolves.toBe('expired');
    expect(approvals.answer(user('a'), late.id, true)).toBe(false);
    const controller = new AbortController();
    const cancelled = approvals.open(user('a'), {}, { signal: controller.signal });
    controller.abort();
    await expect(cancelled.outcome).resolves.toBe('cancelled');
  });
});
