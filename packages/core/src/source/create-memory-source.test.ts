import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createMemorySource } from './create-memory-source.ts';
import type { SkillSourceChange } from './skill-source.ts';

describe('createMemorySource', () => {
  it('lists the given skills with their parsed manifest', async () => {
    const source = createMemorySource({
      scope: 'project',
      skills: [{ text: buildSkill({ name: 'alpha', description: 'Alpha things.' }) }],
    });
    const { skills } = await source.load();
    expect(skills).toHaveLength(1);
    expect(skills[0]).toMatchObject({
      name: 'alpha',
      description: 'Alpha things.',
      valid: true,
      path: 'memory/alpha',
      skillFile: 'memory/alpha/SKILL.md',
    });
    expect(skills[0]?.manifest?.name).toBe('alpha');
  });

  it('lists an invalid skill with its issues and a fallback name', async () => {
    const source = createMemorySource({
      scope: 'project',
      skills: [{ text: 'no frontmatter here', path: 'skills/broken' }],
    });
    const [skill] = (await source.load()).skills;
    expect(skill?.valid).toBe(false);
    expect(skill?.name).toBe('broken');
    expect(skill?.issues.map((issue) => issue.code)).toContain('missing_frontmatter');
  });

  it('reports added, changed and removed when skills are mutated', async () => {
    const source = createMemorySource({ scope: 'personal' });
    const changes: SkillSourceChange[] = [];
    source.subscribe((change) => changes.push(change));
    source.add({ text: buildSkill({ name: 'beta' }) });
    source.update('BETA', { text: buildSkill({ name: 'beta', description: 'New words.' }) });
    source.remove('memory/beta');
    expect(changes.map((change) => [change.type, change.skill.name])).toEqual([
      ['added', 'beta'],
      ['changed', 'beta'],
      ['removed', 'beta'],
    ]);
    expect(changes[1]?.skill.description).toBe('New words.');
    expect((await source.load()).skills).toEqual([]);
  });

  it('refuses a second skill at the same folder', () => {
    const source = createMemorySource({ scope: 'project' });
    source.add({ text: buildSkill({ name: 'gamma' }) });
    expect(() => source.add({ text: buildSkill({ name: 'gamma' }) })).toThrow(
      /already has a skill/,
    );
  });

  it('lists and reads files, including SKILL.md, and refuses paths outside the skill', async () => {
    const text = buildSkill({ name: 'delta' });
    const source = createMemorySource({
      scope: 'project',
      skills: [{ text, files: { 'scripts/run.sh': 'echo hi', './notes.md': 'n' } }],
    });
    expect(await source.listFiles('memory/delta')).toEqual([
      { path: 'SKILL.md', size: new TextEncoder().encode(text).byteLength },
      { path: 'notes.md', size: 1 },
      { path: 'scripts/run.sh', size: 7 },
    ]);
    const bytes = await source.readFile('memory/delta', 'scripts//run.sh');
    expect(new TextDecoder().decode(bytes)).toBe('echo hi');
    await expect(source.readFile('memory/delta', '../other/SKILL.md')).rejects.toSatisfy(
      (error) => SkillsetError.isInstance(error) && error.code === 'invalid_skill_file_path',
    );
    await expect(source.readFile('memory/delta', 'missing.txt')).rejects.toSatisfy(
      (error) => SkillsetError.isInstance(error) && error.code === 'skill_file_not_found',
    );
    expect(await source.readSkillText('memory/delta')).toBe(text);
  });

  it('throws skill_not_found for an unknown skill', async () => {
    const source = createMemorySource({ scope: 'project' });
    await expect(source.readSkillText('nope')).rejects.toSatisfy(
      (error) => SkillsetError.isInstance(error) && error.code === 'skill_not_found',
    );
  });
});
