import { describe, expect, it } from 'vitest';
import { applySkillEdit } from './apply-skill-edit.ts';
import { patchSkillFrontmatter } from './patch-skill-frontmatter.ts';

const text = '---\nname: a\ndescription: A.\n---\n# A\n\nBody.\n';

describe('applySkillEdit', () => {
  it('appends and prepends to an empty body', () => {
    const empty = '---\nname: a\ndescription: A.\n---\n';
    expect(applySkillEdit(empty, { operation: 'append', content: 'X' })).toMatchObject({
      text: `${empty}X\n`,
    });
    expect(applySkillEdit(empty, { operation: 'prepend', content: 'X' })).toMatchObject({
      text: `${empty}X\n`,
    });
  });

  it('counts replacements and refuses a missing passage', () => {
    expect(
      applySkillEdit(text, {
        operation: 'find_replace',
        find: 'A',
        replaceWith: 'B',
        replaceAll: true,
      }),
    ).toEqual({
      success: true,
      text: '---\nname: a\ndescription: B.\n---\n# B\n\nBody.\n',
      replacements: 2,
    });
    expect(applySkillEdit(text, { operation: 'delete', find: 'zzz' })).toMatchObject({
      success: false,
      code: 'text_not_found',
    });
  });

  it('inserts replacement text literally', () => {
    expect(
      applySkillEdit(text, {
        operation: 'find_replace',
        find: 'Body.',
        replaceWith: 'Costs $& and $1.',
      }),
    ).toMatchObject({ text: '---\nname: a\ndescription: A.\n---\n# A\n\nCosts $& and $1.\n' });
  });
});

describe('patchSkillFrontmatter', () => {
  it('sets fields, removes aliases and keeps comments and the body', () => {
    const source = '---\nname: a # the name\ndescription: A.\nintegration_id: old\n---\nBody.\n';
    expect(patchSkillFrontmatter(source, { integration: 'github', tags: ['x'] })).toEqual({
      success: true,
      text: '---\nname: a # the name\ndescription: A.\nintegration: github\ntags:\n  - x\n---\nBody.\n',
    });
  });

  it('refuses a text without frontmatter', () => {
    expect(patchSkillFrontmatter('Just a body.', { tags: [] })).toMatchObject({
      success: false,
      code: 'frontmatter_not_editable',
    });
  });
});
