import { setTimeout } from 'node:timers/promises';
import { usageEvents } from '@skillset/store/test';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/create-test-app.ts';
import { createUsageRecorder, type SkillUse } from './usage-recorder.ts';

describe('createUsageRecorder', () => {
  it('counts identical uses of a batch into one row, and every use still counts', async () => {
    await using server = await createTestApp();
    const { store, owner } = server;
    const recorder = createUsageRecorder({ store, logger: pino({ level: 'silent' }) });
    const use: SkillUse = {
      workspaceId: owner.workspaceId,
      skill: 'notes',
      principal: { kind: 'user', id: owner.userId as string },
      surface: 'invoke',
      event: 'injection',
      outcome: 'ok',
    };
    // Uses of one minute share a row: start well inside a minute.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 58_000) await setTimeout(60_000 - intoMinute);
    for (let time = 0; time < 5; time++) recorder.record(use);
    recorder.record({ ...use, outcome: 'missing_argument' });
    recorder.record({ ...use, principal: { kind: 'agent', id: 'agent-1' } });
    await recorder.flush();

    const rows = await store.database
      .select({ outcome: usageEvents.outcome, count: usageEvents.count })
      .from(usageEvents)
      .where(eq(usageEvents.workspaceId, owner.workspaceId));
    expect(rows).toHaveLength(3);
    const now = Date.now();
    const summary = await store.usage.summary({
      workspaceId: owner.workspaceId,
      from: new Date(now - 86_400_000),
      to: new Date(now + 60_000),
    });
    expect(summary.total).toBe(6);
    expect(summary.failures).toBe(1);
    expect(summary.skills).toMatchObject([{ skillName: 'notes', uses: 6, failures: 1 }]);
    expect(summary.principals).toMatchObject([
      { kind: 'user', id: owner.userId, uses: 5, failures: 1 },
      { kind: 'agent', id: 'agent-1', uses: 1, failures: 0 },
    ]);
    expect(summary.failed).toMatchObject([
      { skillName: 'notes', outcome: 'missing_argument', count: 1 },
    ]);
    expect(summary.daily.at(-1)).toMatchObject({ uses: 6, failures: 1 });
    const counts = await store.usage.counts({
      workspaceId: owner.workspaceId,
      from: new Date(now - 86_400_000),
      to: new Date(now + 60_000),
    });
    expect(counts).toMatchObject([{ skillName: 'notes', trigger: 'invoke', count: 6 }]);
  });
});
