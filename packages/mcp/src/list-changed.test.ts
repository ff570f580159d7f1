import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type SkillRegistry,
} from '@skillset/core';
import { createFolderSource } from '@skillset/core/node';
import { buildSkill, createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { connectTestClient, ERAS, type Era } from './connect-test-client.test-util.ts';

type ListKind = 'tools' | 'prompts' | 'resources';

async function connectIn(era: Era, registry: SkillRegistry) {
  const { client, close } = await connectTestClient({
    era,
    registry,
    policy: createPolicyContext(),
    listChangedDelayMs: 10,
  });
  const received: ListKind[] = [];
  const logged: string[] = [];
  const record = (kind: ListKind) => () => {
    received.push(kind);
  };
  client.setNotificationHandler('notifications/tools/list_changed', record('tools'));
  client.setNotificationHandler('notifications/prompts/list_changed', record('prompts'));
  client.setNotificationHandler('notifications/resources/list_changed', record('resources'));
  client.setNotificationHandler('notifications/message', (notification) => {
    logged.push(String(notification.params.data));
  });
  // On 2026-07-28 nothing arrives unsolicited: the client opens a subscription stream.
  if (era === 'modern') {
    await client.listen({
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
    });
  }
  /** Waits until all three notifications arrived; returns what arrived, sorted. */
  const allThree = async (): Promise<ListKind[]> => {
    await expect
      .poll(() => [...new Set(received)].sort(), { timeout: 5000 })
      .toEqual(['prompts', 'resources', 'tools']);
    return [...received].sort();
  };
  return { client, close, received, logged, allThree };
}

describe.each(ERAS)('list_changed, %s era', (era) => {
  const connect = (registry: SkillRegistry) => connectIn(era, registry);

  it('notifies tools, prompts and resources once per burst of registry changes', async () => {
    const source = createMemorySource({
      scope: 'project',
      skills: [{ text: buildSkill({ name: 'lint' }) }],
    });
    const registry = createRegistry({ sources: [source] });
    const { client, close, received, logged, allThree } = await connect(registry);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['lint']);

    source.add({ text: buildSkill({ name: 'deploy' }) });
    source.update('lint', { text: buildSkill({ name: 'lint', description: 'Lint it again.' }) });
    expect(await allThree()).toEqual(['prompts', 'resources', 'tools']);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual([
      'deploy',
      'lint',
    ]);
    // A later burst is sent after anything left from the first one; its log line, sent after its
    // own three notifications, marks that all of them arrived.
    source.add({ text: buildSkill({ name: 'marker' }) });
    await expect.poll(() => logged, { timeout: 5000 }).toContain('Skills changed: marker.');
    expect(received).toHaveLength(6);
    // The log also says which skills changed, once per burst.
    expect(logged).toEqual(['Skills changed: deploy, lint.', 'Skills changed: marker.']);
    await close();
    await registry.close();
  });

  it('notifies after a SKILL.md is edited in a watched folder', async () => {
    await using dir = await createTempDir();
    const [folder] = await writeSkillTree(dir.path, [{ name: 'lint', description: 'Lint.' }]);
    const registry = createRegistry({
      sources: [
        createFolderSource({ root: dir.path, scope: 'project', watch: true, cacheDir: false }),
      ],
    });
    const { client, close, allThree } = await connect(registry);
    expect((await client.listPrompts()).prompts[0]?.description).toBe('Lint.');

    await writeFile(
      join(folder as string, 'SKILL.md'),
      buildSkill({ name: 'lint', description: 'Lint, edited.' }),
    );
    await allThree();
    expect((await client.listPrompts()).prompts[0]?.description).toBe('Lint, edited.');
    await close();
    await registry.close();
  });

  it('stops watching the registry when the connection closes', async () => {
    const source = createMemorySource({ scope: 'project' });
    const registry = createRegistry({ sources: [source] });
    let listeners = 0;
    const counting: SkillRegistry = {
      ...registry,
      on(event, listener) {
        listeners += 1;
        const off = registry.on(event, listener);
        return () => {
          listeners -= 1;
          off();
        };
      },
    };
    const { close } = await connect(counting);
    expect(listeners).toBe(1);
    await close();
    expect(listeners).toBe(0);
    await registry.close();
  });
});
