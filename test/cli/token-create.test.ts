import { createTempDir } from '@skillset/core/test';
import { ensureInstanceOwner, openStore } from '@skillset/store';
import { describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';

describe('skillset token create', () => {
  it('creates an agent token with --agent and an expiry, printed once; refuses bad input', async () => {
    await using dataDir = await createTempDir();
    const setup = await openStore({ dataDir: dataDir.path, migrate: true });
    const owner = await ensureInstanceOwner(setup);
    if (!owner.created) throw new Error('expected a first start');
    const agent = await setup.agents.create({ workspaceId: owner.workspace.id, name: 'bot' });
    await setup.close();

    const env = { SKILLSET_DATA_DIR: dataDir.path };
    const created = await runSkillset(
      ['token', 'create', '--name', 'bot-ci', '--agent', 'bot', '--expires', '12h'],
      { cwd: dataDir.path, env },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toContain('for the agent bot');
    const token = created.stdout.trim();

    const badDuration = await runSkillset(['token', 'create', '--name', 'x', '--expires', '3y'], {
      cwd: dataDir.path,
      env,
    });
    expect(badDuration.exitCode).toBe(2);
    expect(badDuration.stderr).toContain('expected a duration such as 30d');
    const unknownAgent = await runSkillset(['token', 'create', '--name', 'x', '--agent', 'nope'], {
      cwd: dataDir.path,
      env,
    });
    expect(unknownAgent.exitCode).toBe(1);
    expect(unknownAgent.stderr).toContain('no agent "nope"');

    const store = await openStore({ dataDir: dataDir.path });
    try {
      expect(await store.tokens.authenticate(token)).toMatchObject({
        kind: 'agent',
        agentId: agent.id,
      });
      const [info] = await store.tokens.list({ principalId: agent.id });
      const hours = ((info?.expiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);
    } finally {
      await store.close();
    }
  }, 60_000);
});
