import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../policy/permission-rule.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createMemorySkillStore } from './create-memory-skill-store.ts';
import { createSkillTools } from './create-skill-tools.ts';
import type { SkillTool } from './skill-tool.ts';

const notesText = buildSkill({
  name: 'notes',
  description: 'Take notes.',
  body: '# Notes\n\nWrite notes.\nWrite them well.\n',
  fields: { tags: ['writing'] },
});

async function setUp(rules: PermissionRule[] = []) {
  const builtin = createMemorySource({
    id: 'builtin',
    scope: 'builtin',
    skills: [{ text: buildSkill({ name: 'shipped', fields: { tags: ['writing'] } }) }],
  });
  const project = createMemorySource({
    id: 'project',
    scope: 'project',
    skills: [{ text: notesText }],
  });
  const registry = createRegistry({ sources: [builtin, project] });
  const store = createMemorySkillStore({ source: project });
  const tools = await createSkillTools({ registry, policy: createPolicyContext({ rules }), store });
  const tool = (name: string): SkillTool => {
    const found = tools.find((each) => each.name === name);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found;
  };
  return { registry, store, tool, tools };
}

describe('create_skill', () => {
  it('creates a skill from SKILL.md text and the registry sees it', async () => {
    const { tool, registry } = await setUp();
    const text = buildSkill({
      name: 'greet',
      description: 'Greet people.',
      fields: { 'argument-hint': '<who>' },
    });
    const result = await tool('create_skill').execute({ text });
    expect(result).toMatchObject({ ok: true, data: { name: 'greet', text } });
    expect(result.ok && result.text).toContain('Invoke it with /greet <who>.');
    expect((await registry.resolve('greet'))?.scope).toBe('project');
  });

  it('accepts a full SKILL.md as the built-in create-skill teaches, naming only tools that exist', async () => {
    const { tool, tools } = await setUp();
    const guide = await readFile(
      new URL('../../skills/create-skill/SKILL.md', import.meta.url),
      'utf8',
    );
    const named = [...guide.matchAll(/`([a-z]+_[a-z_]+)`/g)].map((match) => match[1]);
    expect(named).toContain('search_skills');
    for (const name of named) expect(tools.map((each) => each.name)).toContain(name);
    const text = guide.replace('name: create-skill', 'name: create-skill-copy');
    expect(await tool('create_skill').execute({ text })).toMatchObject({ ok: true });
  });

  it('creates a skill from fields, with files', async () => {
    const { tool, registry } = await setUp();
    const result = await tool('create_skill').execute({
      name: 'release-notes',
      description: 'Write release notes. Use when the user asks for a changelog.',
      body: '# Release notes\n\nSummarise $ARGUMENTS.\n',
      tags: ['writing'],
      argument_hint: '[version]',
      disable_model_invocation: true,
      arguments: [{ name: 'version', required: false }],
      files: { 'template.md': '## Changes' },
    });
    expect(result.ok).toBe(true);
    const loaded = await registry.loadSkill('release-notes');
    expect(loaded.manifest).toMatchObject({
      argumentHint: '[version]',
      disableModelInvocation: true,
      tags: ['writing'],
    });
    expect(new TextDecoder().decode(await registry.readFile('release-notes', 'template.md'))).toBe(
      '## Changes',
    );
  });

  it('creates a skill from a strict-mode call: every field present, null for the unused ones, files as a list', async () => {
    const { tool, tools, registry } = await setUp();
    const schema = tools.find((each) => each.name === 'create_skill')?.strictInputSchema;
    expect(schema?.required).toEqual(Object.keys(schema?.properties ?? {}));
    const call = Object.fromEntries(
      Object.keys(schema?.properties ?? {}).map((key) => [key, null]),
    );
    const result = await tool('create_skill').execute({
      ...call,
      name: 'greet',
      description: 'Greet people.',
      body: 'Say hello.\n',
      arguments: [
        { name: 'who', type: null, description: null, required: true, default: null, enum: null },
      ],
      files: [{ path: 'notes/hello.md', content: 'Hello' }],
    });
    expect(result).toMatchObject({ ok: true, data: { name: 'greet' } });
    expect(new TextDecoder().decode(await registry.readFile('greet', 'notes/hello.md'))).toBe(
      'Hello',
    );
    const twice = await tool('create_skill').execute({
      ...call,
      name: 'twice',
      description: 'Twice.',
      body: '',
      files: [
        { path: 'a.md', content: '1' },
        { path: './a.md', content: '2' },
      ],
    });
    expect(twice).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'The file "a.md" is given twice.' },
    });
  });

  it('refuses an invalid skill, listing every issue, and writes nothing', async () => {
    const { tool, store } = await setUp();
    const result = await tool('create_skill').execute({
      text: '---\nname: Bad_Name\n---\nBody\n',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_skill' } });
    if (result.ok) return;
    expect(result.error.message).toContain('The skill was not created');
    expect(result.error.issues?.map((issue) => issue.code)).toEqual(
      expect.arrayContaining(['missing_description']),
    );
    expect(await store.list()).toEqual(['notes']);
  });

  it('asks for the missing fields or for text, not both', async () => {
    const { tool } = await setUp();
    const missing = await tool('create_skill').execute({ name: 'x' });
    expect(!missing.ok && missing.error.message).toBe(
      'Invalid input for create_skill:\n- description: is required when "text" is not given\n- body: is required when "text" is not given',
    );
    const both = await tool('create_skill').execute({ text: notesText, name: 'notes' });
    expect(!both.ok && both.error.message).toContain('give either "text" or separate fields');
  });

  it('refuses a name that already exists in the store', async () => {
    const { tool } = await setUp();
    const result = await tool('create_skill').execute({ text: notesText });
    expect(result).toMatchObject({ ok: false, error: { code: 'skill_exists' } });
  });

  it('refuses a name the principal may not manage', async () => {
    const { tool, store } = await setUp([
      { skill: 'forbidden-*', surface: 'manage', action: 'deny' },
    ]);
    const text = buildSkill({ name: 'forbidden-one' });
    expect(await tool('create_skill').execute({ text })).toMatchObject({
      ok: false,
      error: { code: 'not_allowed' },
    });
    expect(await store.list()).toEqual(['notes']);
  });
});

describe('update_skill', () => {
  const update = async (input: Record<string, unknown>, rules: PermissionRule[] = []) => {
    const context = await setUp(rules);
    const result = await context.tool('update_skill').execute({ skill: 'notes', ...input });
    const text = await context.store.read('notes');
    return { result, text, ...context };
  };

  it('replaces the body', async () => {
    const { result, text } = await update({ operation: 'replace', content: 'New body.' });
    expect(result).toMatchObject({ ok: true, data: { changed: true } });
    expect(text).toBe(notesText.replace(/# Notes[\s\S]*$/, 'New body.\n'));
  });

  it('replaces the whole SKILL.md', async () => {
    const replacement = buildSkill({ name: 'notes', description: 'Other.' });
    const { text } = await update({
      operation: 'replace',
      target: 'skill_md',
      content: replacement,
    });
    expect(text).toBe(replacement);
  });

  it('finds and replaces a unique passage', async () => {
    const { text } = await update({
      operation: 'find_replace',
      find: 'well',
      replace_with: 'clearly',
    });
    expect(text).toContain('Write them clearly.');
  });

  it('refuses an ambiguous passage unless replace_all', async () => {
    const ambiguous = await update({
      operation: 'find_replace',
      find: 'Write',
      replace_with: 'Draft',
    });
    expect(ambiguous.result).toMatchObject({ ok: false, error: { code: 'ambiguous_match' } });
    expect(!ambiguous.result.ok && ambiguous.result.error.message).toContain('occurs 2 times');
    expect(ambiguous.text).toBe(notesText);
    const all = await update({
      operation: 'find_replace',
      find: 'Write',
      replace_with: 'Draft',
      replace_all: true,
    });
    expect(all.text).toContain('Draft notes.\nDraft them well.');
  });

  it('reports text that is not found', async () => {
    const { result } = await update({ operation: 'delete', find: 'absent passage' });
    expect(result).toMatchObject({ ok: false, error: { code: 'text_not_found' } });
  });

  it('appends, prepends and deletes passages', async () => {
    expect((await update({ operation: 'append', content: 'Last line.' })).text).toMatch(
      /Write them well\.\n\nLast line\.\n$/,
    );
    expect((await update({ operation: 'prepend', content: 'First line.' })).text).toContain(
      '---\nFirst line.\n\n# Notes',
    );
    expect((await update({ operation: 'delete', find: 'Write them well.\n' })).text).toMatch(
      /Write notes\.\n$/,
    );
  });

  it('updates metadata only, keeping the body and other fields', async () => {
    const { result, text, registry } = await update({
      metadata: { description: 'Take better notes.', tags: ['writing', 'notes'], category: 'docs' },
    });
    expect(result.ok).toBe(true);
    expect(text).toContain('# Notes\n\nWrite notes.\nWrite them well.\n');
    const entry = await registry.resolve('notes');
    expect(entry?.description).toBe('Take better notes.');
    expect(entry?.manifest?.tags).toEqual(['writing', 'notes']);
    expect(entry?.manifest?.category).toBe('docs');
  });

  it('removes the fields listed in remove, null meaning "not given", and reports an unchanged skill', async () => {
    const kept = await update({ metadata: { tags: null, category: 'docs' } });
    expect(kept.text).toContain('tags');
    const removed = await update({ metadata: { remove: ['tags', 'category'], icon: null } });
    expect(removed.text).not.toContain('tags');
    expect(removed.text).not.toContain('category');
    const both = await update({ metadata: { tags: ['a'], remove: ['tags'] } });
    expect(both.result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!both.result.ok && both.result.error.message).toContain(
      'metadata.tags: is both set and listed in "remove"',
    );
    const same = await update({ operation: 'find_replace', find: 'well', replace_with: 'well' });
    expect(same.result).toMatchObject({ ok: true, data: { changed: false } });
  });

  it('refuses an update that makes the skill invalid and writes nothing', async () => {
    const { result, text } = await update({
      operation: 'find_replace',
      find: 'description: Take notes.',
      replace_with: 'description: ""',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_skill' } });
    expect(!result.ok && result.error.message).toContain('nothing was written');
    expect(text).toBe(notesText);
  });

  it('refuses renaming through an update', async () => {
    const { result, text } = await update({
      operation: 'find_replace',
      find: 'name: notes',
      replace_with: 'name: other',
    });
    expect(!result.ok && result.error.issues?.map((issue) => issue.code)).toContain('name_changed');
    expect(text).toBe(notesText);
  });

  it('explains missing and misplaced operands', async () => {
    const { result } = await update({ operation: 'find_replace', content: 'x' });
    expect(!result.ok && result.error.message).toBe(
      'Invalid input for update_skill:\n- find: is required by operation "find_replace"\n- replace_with: is required by operation "find_replace"\n- content: is not used by operation "find_replace"',
    );
    const nothing = await update({});
    expect(!nothing.result.ok && nothing.result.error.message).toContain(
      'give an "operation", "metadata", or both',
    );
  });

  it('refuses a skill outside the writable store and an unknown one', async () => {
    const { tool } = await setUp();
    expect(
      await tool('update_skill').execute({ skill: 'shipped', metadata: { icon: 'x' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'skill_not_writable' },
    });
    expect(
      await tool('update_skill').execute({ skill: 'ghost', metadata: { icon: 'x' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unknown_skill' },
    });
  });
});

describe('delete, list, read, enable and disable', () => {
  it('deletes a stored skill', async () => {
    const { tool, registry } = await setUp();
    expect(await tool('delete_skill').execute({ skill: 'NOTES' })).toMatchObject({ ok: true });
    expect(await registry.get('notes')).toBeUndefined();
    expect(await tool('delete_skill').execute({ skill: 'shipped' })).toMatchObject({
      ok: false,
      error: { code: 'skill_not_writable' },
    });
  });

  it('lists skills by tag, hiding disabled ones unless asked', async () => {
    const { tool } = await setUp();
    await tool('disable_skill').execute({ skill: 'shipped' });
    const listed = await tool('list_skills').execute({ tag: 'Writing' });
    expect(listed.ok && listed.text).toBe('- notes (project) #writing: Take notes.');
    const all = await tool('list_skills').execute({ include_disabled: true });
    expect(all.ok && all.text).toBe(
      '- notes (project) #writing: Take notes.\n- shipped (builtin, disabled, read-only) #writing: Use when a test needs the shipped skill.',
    );
  });

  it('reads the whole SKILL.md with state and files', async () => {
    const { tool } = await setUp();
    const result = await tool('read_skill').execute({ skill: 'notes' });
    expect(result).toMatchObject({
      ok: true,
      data: { text: notesText, enabled: true, writable: true },
    });
    expect(result.ok && result.text.startsWith('Skill "notes" (project, enabled)')).toBe(true);
  });

  it('disables a skill so use_skill refuses it, and enables it again', async () => {
    const { tool, registry, store } = await setUp();
    expect(await tool('disable_skill').execute({ skill: 'notes' })).toMatchObject({
      ok: true,
      text: 'Disabled skill "notes".',
    });
    expect(await tool('disable_skill').execute({ skill: 'notes' })).toMatchObject({
      text: 'Skill "notes" is already disabled.',
    });
    const fresh = await createSkillTools({ registry, policy: createPolicyContext(), store });
    const useSkill = fresh.find((each) => each.name === 'use_skill');
    expect(useSkill?.inputSchema.properties?.skill).toMatchObject({ enum: ['shipped'] });
    expect(await tool('enable_skill').execute({ skill: 'notes' })).toMatchObject({ ok: true });
    expect(await store.isEnabled('notes')).toBe(true);
  });

  it('hides a skill denied on manage from every management tool', async () => {
    const { tool } = await setUp([{ skill: 'notes', surface: 'manage', action: 'deny' }]);
    for (const name of ['read_skill', 'delete_skill', 'disable_skill']) {
      expect(await tool(name).execute({ skill: 'notes' })).toMatchObject({
        ok: false,
        error: { code: 'unknown_skill' },
      });
    }
    const listed = await tool('list_skills').execute({});
    expect(listed.ok && listed.text).not.toContain('notes');
  });
});
