import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createRegistry } from './create-registry.ts';
import type { SkillRegistryChange } from './skill-entry.ts';

const skill = (name: string, description = `The ${name} skill.`) => ({
  text: buildSkill({ name, description, body: `Body of ${name} (${description})\n` }),
});

describe('createRegistry', () => {
  it('lets a higher scope shadow a lower one and reports the shadowed entry', async () => {
    const personal = createMemorySource({
      id: 'personal',
      scope: 'personal',
      skills: [skill('deploy', 'mine')],
    });
    const project = createMemorySource({
      id: 'project',
      scope: 'project',
      skills: [skill('deploy', 'ours')],
    });
    const builtin = createMemorySource({
      id: 'builtin',
      scope: 'builtin',
      skills: [skill('deploy', 'shipped'), skill('lint')],
    });
    const registry = createRegistry({ sources: [builtin, personal, project] });

    const winners = await registry.list();
    expect(winners.map((entry) => [entry.name, entry.scope])).toEqual([
      ['deploy', 'project'],
      ['lint', 'builtin'],
    ]);
    expect(winners[0]?.description).toBe('ours');
    expect(winners[0]?.shadows).toEqual([
      { name: 'deploy', scope: 'personal', sourceId: 'personal', path: 'memory/deploy' },
      { name: 'deploy', scope: 'builtin', sourceId: 'builtin', path: 'memory/deploy' },
    ]);
    expect(winners[1]?.shadows).toEqual([]);

    const all = await registry.list({ includeShadowed: true });
    expect(all.map((entry) => [entry.name, entry.scope, entry.shadowedBy?.scope])).toEqual([
      ['deploy', 'project', undefined],
      ['deploy', 'personal', 'project'],
      ['deploy', 'builtin', 'project'],
      ['lint', 'builtin', undefined],
    ]);
  });

  it('prefers the earlier source within the same scope', async () => {
    const first = createMemorySource({
      id: 'first',
      scope: 'project',
      skills: [skill('same', 'first')],
    });
    const second = createMemorySource({
      id: 'second',
      scope: 'project',
      skills: [skill('same', 'second')],
    });
    const registry = createRegistry({ sources: [first, second] });
    expect((await registry.get('same'))?.description).toBe('first');
    expect((await registry.get('same'))?.shadows.map((shadow) => shadow.sourceId)).toEqual([
      'second',
    ]);
  });

  it('compares names case-insensitively in get and resolve', async () => {
    const registry = createRegistry({
      sources: [createMemorySource({ scope: 'project', skills: [skill('pdf-tools')] })],
    });
    expect((await registry.get('PDF-Tools'))?.name).toBe('pdf-tools');
    expect((await registry.resolve('pdf-TOOLS'))?.name).toBe('pdf-tools');
    expect(await registry.get('unknown')).toBeUndefined();
    expect(await registry.resolve('unknown')).toBeUndefined();
  });

  it('lists an invalid skill but does not resolve it', async () => {
    const registry = createRegistry({
      sources: [
        createMemorySource({
          scope: 'project',
          skills: [{ text: '---\nname: broken\n---\nno description\n', path: 'x/broken' }],
        }),
      ],
    });
    const [entry] = await registry.list();
    expect(entry).toMatchObject({ name: 'broken', valid: false });
    expect(entry?.issues.map((issue) => issue.code)).toContain('missing_description');
    expect(await registry.get('broken')).toBeDefined();
    expect(await registry.resolve('broken')).toBeUndefined();
  });

  it('reads the body, files and whole skill on demand', async () => {
    const registry = createRegistry({
      sources: [
        createMemorySource({
          scope: 'project',
          skills: [{ ...skill('reader'), files: { 'ref/a.md': 'A' } }],
        }),
      ],
    });
    expect(await registry.readBody('reader')).toBe('Body of reader (The reader skill.)\n');
    const loaded = await registry.loadSkill('READER');
    expect(loaded.entry.name).toBe('reader');
    expect(loaded.bodyLine).toBe(5);
    expect(loaded.manifest?.description).toBe('The reader skill.');
    expect((await registry.listFiles('reader')).map((file) => file.path)).toEqual([
      'SKILL.md',
      'ref/a.md',
    ]);
    expect(new TextDecoder().decode(await registry.readFile('reader', 'ref/a.md'))).toBe('A');
    await expect(registry.loadSkill('missing')).rejects.toSatisfy(
      (error) => SkillsetError.isInstance(error) && error.code === 'skill_not_found',
    );
  });

  it('reports source changes and updates winners before notifying', async () => {
    const personal = createMemorySource({ scope: 'personal', skills: [skill('fmt', 'personal')] });
    const project = createMemorySource({ scope: 'project' });
    const registry = createRegistry({ sources: [project, personal] });
    await registry.load();
    const changes: Array<[SkillRegistryChange, string | undefined]> = [];
    registry.on('change', (change) => {
      changes.push([change, undefined]);
    });
    const seen: Array<string | undefined> = [];
    registry.on('change', () => {
      void registry.get('fmt').then((entry) => seen.push(entry?.description));
    });

    project.add(skill('fmt', 'project'));
    project.update('fmt', skill('fmt', 'project v2'));
    project.remove('fmt');
    await Promise.resolve();
    await Promise.resolve();

    expect(changes.map(([change]) => [change.type, change.name, change.scope])).toEqual([
      ['added', 'fmt', 'project'],
      ['changed', 'fmt', 'project'],
      ['removed', 'fmt', 'project'],
    ]);
    expect(seen).toEqual(['personal', 'personal', 'personal']);
    expect((await registry.get('fmt'))?.scope).toBe('personal');
  });

  it('moves an entry between names when its manifest name changes', async () => {
    const source = createMemorySource({
      scope: 'project',
      skills: [{ ...skill('old-name'), path: 'p/x' }],
    });
    const registry = createRegistry({ sources: [source] });
    await registry.load();
    source.update('p/x', skill('new-name'));
    expect((await registry.list()).map((entry) => entry.name)).toEqual(['new-name']);
  });

  it('refuses two sources with the same id', () => {
    const a = createMemorySource({ id: 'same', scope: 'project' });
    const b = createMemorySource({ id: 'same', scope: 'personal' });
    expect(() => createRegistry({ sources: [a, b] })).toThrow(/share the id/);
  });

  it('stops reporting after close', async () => {
    const source = createMemorySource({ scope: 'project' });
    const registry = createRegistry({ sources: [source] });
    await registry.load();
    const changes: SkillRegistryChange[] = [];
    registry.on('change', (change) => changes.push(change));
    await registry.close();
    source.add(skill('late'));
    expect(changes).toEqual([]);
    await expect(registry.refresh()).rejects.toThrow(/closed/);
  });
});
