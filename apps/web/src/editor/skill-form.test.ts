import { describe, expect, it } from 'vitest';
import { applySkillForm, readSkillForm } from './skill-form.ts';

const TEXT = `---
name: review-pr
description: Review a pull request.
# the team's label
tags: [git, review]
arguments:
  - name: branch
    type: string
    required: true
    default: main
---
Review $branch.
`;

const values = (text: string) => {
  const read = readSkillForm(text);
  if (!read.editable) throw new Error(read.reason);
  return read.values;
};

describe('readSkillForm', () => {
  it('reads the form fields from the frontmatter', () => {
    expect(values(TEXT)).toEqual({
      name: 'review-pr',
      description: 'Review a pull request.',
      tags: ['git', 'review'],
      category: '',
      icon: '',
      arguments: [
        {
          name: 'branch',
          type: 'string',
          description: '',
          required: true,
          rest: { default: 'main' },
        },
      ],
    });
  });

  it('reads comma-separated tags and a text without frontmatter', () => {
    expect(values('---\nname: a\ntags: x, y\n---\n').tags).toEqual(['x', 'y']);
    expect(values('Just a body.\n').name).toBe('');
  });

  it('refuses broken YAML and an unclosed frontmatter with a reason', () => {
    expect(readSkillForm('---\nname: [a\n---\n')).toMatchObject({ editable: false });
    expect(readSkillForm('---\nname: a\n')).toEqual({
      editable: false,
      reason: 'The frontmatter is not closed with a --- line.',
    });
  });
});

describe('applySkillForm', () => {
  it('writes changed fields, keeping comments, other fields and the body', () => {
    const text = applySkillForm(TEXT, { description: 'Review: carefully.', category: 'dev' });
    expect(text).toContain("# the team's label");
    expect(text).toContain('default: main');
    expect(text?.endsWith('---\nReview $branch.\n')).toBe(true);
    expect(values(text as string)).toMatchObject({
      description: 'Review: carefully.',
      category: 'dev',
      tags: ['git', 'review'],
    });
  });

  it('round-trips every field through the text', () => {
    const form = {
      name: 'x-1',
      description: '1.0',
      tags: ['no', 'yes'],
      category: 'tools',
      icon: '🔧',
      arguments: [
        { name: 'count', type: 'integer', description: 'How many', required: false, rest: {} },
      ],
    };
    expect(values(applySkillForm(TEXT, form) as string)).toEqual(form);
  });

  it('removes emptied optional fields and adds a frontmatter when there is none', () => {
    const text = applySkillForm(TEXT, { tags: [], arguments: [] }) as string;
    expect(text).not.toContain('tags');
    expect(text).not.toContain('arguments');
    expect(applySkillForm('Body\n', { name: 'new', description: 'd' })).toBe(
      '---\nname: new\ndescription: d\n---\nBody\n',
    );
  });

  it('rewrites only the changed field, keeping every other line byte for byte', () => {
    const text = `---
name: release-notes
# Shown in the catalog.
description: 'Write the notes.'   # short
tags: [release, docs]
category:   writing
arguments:
- name: since
  type: string
---
Body.
`;
    expect(applySkillForm(text, { description: 'Write the release notes.' })).toBe(
      text.replace("'Write the notes.'   # short", "'Write the release notes.' # short"),
    );
    expect(applySkillForm(text, { tags: ['release', 'docs', 'web'] })).toBe(
      text.replace('[release, docs]', '[release, docs, web]'),
    );
    expect(applySkillForm(text, { category: 'writing' })).toBe(text);
    expect(applySkillForm(text, { category: '' })).toBe(text.replace('category:   writing\n', ''));
    expect(applySkillForm(text, { icon: '📝' })).toBe(
      text.replace('  type: string\n', '  type: string\nicon: 📝\n'),
    );
    const padded = text.replace('[release, docs]', '[ release, docs ]');
    expect(applySkillForm(padded, { tags: ['docs'] })).toBe(
      text.replace('[release, docs]', '[ docs ]'),
    );
  });

  it('keeps a CRLF-free fence and the Document API rewrite for a flow-mapping frontmatter', () => {
    expect(applySkillForm('---\n{name: a, tags: [x]}\n---\nBody\n', { name: 'b' })).toBe(
      '---\n{ name: b, tags: [ x ] }\n---\nBody\n',
    );
  });

  it('leaves a frontmatter it cannot edit alone', () => {
    expect(applySkillForm('---\nname: [a\n---\n', { name: 'b' })).toBeUndefined();
  });
});
