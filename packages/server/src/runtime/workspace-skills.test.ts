import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { skillText } from '../test-support/create-runtime-test-app.ts';
import { createTestApp } from '../test-support/create-test-app.ts';
import { createWorkspaceSkills } from './workspace-skills.ts';

describe('createWorkspaceSkills', () => {
  it('reads bodies on demand, and a disabled winner keeps its name (it does not unshadow the built-in)', async () => {
    await using server = await createTestApp();
    const { store, owner } = server;
    const created = await store.skills.create({
      scope: 'workspace',
      workspaceId: owner.workspaceId,
      skillMd: skillText('create-skill', { body: 'Workspace override.' }),
    });
    if (!created.ok) throw new Error('create failed');
    const skills = await createWorkspaceSkills({
      store,
      workspaceId: owner.workspaceId,
      logger: pino({ level: 'silent' }),
    });
    const entry = await skills.registry.resolve('create-skill');
    expect(entry?.scope).toBe('workspace');
    expect(entry?.shadows.map((shadow) => shadow.scope)).toEqual(['builtin']);
    expect(await skills.registry.readBody('create-skill')).toContain('Workspace override.');

    const changes: string[] = [];
    skills.registry.on('change', (change) => changes.push(`${change.type}:${change.name}`));
    await store.skills.setEnabled({
      id: created.skill.id,
      workspaceId: owner.workspaceId,
      enabled: false,
    });
    const version = skills.version;
    await skills.refresh();
    expect(skills.version).toBeGreaterThan(version);
    const disabled = await skills.registry.resolve('create-skill');
    expect(disabled?.scope).toBe('workspace');
    expect(disabled === undefined ? undefined : skills.storedSkill(disabled)?.enabled).toBe(false);
    expect(changes).toEqual(['changed:create-skill']);
    await skills.close();
  });

  it('fails once, leaving no unobserved rejection, when the store is closed under it', async () => {
    const server = await createTestApp();
    const { store, owner } = server;
    await server[Symbol.asyncDispose]();
    const unobserved: unknown[] = [];
    const onUnhandled = (reason: unknown) => unobserved.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(
        createWorkspaceSkills({
          store,
          workspaceId: owner.workspaceId,
          logger: pino({ level: 'silent' }),
        }),
      ).rejects.toThrow();
      // A later read of the closed store fails after the listing that failed under the call; once
      // it has, a turn of the event loop lets Node report any rejection nobody observed.
      await expect(store.skills.list({ workspaceId: owner.workspaceId })).rejects.toThrow();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unobserved).toEqual([]);
  });
});
