import { describe, expect, it } from 'vitest';
import { createChatApprovals } from './chat-approvals.ts';

describe('createChatApprovals', () => {
  it('settles a question once, with the answer of its owner only', async () => {
    const approvals = createChatApprovals(60_000);
    const question = approvals.open('w1|user:a');
    expect(approvals.answer('w2|user:a', question.id, true)).toBe(false);
    expect(approvals.answer('w1|user:a', question.id, false)).toBe(true);
    expect(approvals.answer('w1|user:a', question.id, true)).toBe(false);
    await expect(question.outcome).resolves.toBe('refused');
  });

  it('refuses an unanswered question after the timeout, and cancels one whose turn ended', async () => {
    const approvals = createChatApprovals(20);
    const late = approvals.open('owner');
    await expect(late.outcome).resolves.toBe('expired');
    expect(approvals.answer('owner', late.id, true)).toBe(false);
    const controller = new AbortController();
    const cancelled = approvals.open('owner', controller.signal);
    controller.abort();
    await expect(cancelled.outcome).resolves.toBe('cancelled');
  });
});
