import { describe, expect, it } from 'vitest';
import { frontmatterRows } from './frontmatter-rows.ts';

describe('frontmatterRows', () => {
  it('spells keys as SKILL.md does, name and description first, without empty or default values', () => {
    const rows = frontmatterRows({
      tags: ['docs', 'release'],
      name: 'release-notes',
      context: 'inline',
      userInvocable: true,
      disableModelInvocation: true,
      arguments: [],
      argumentHint: '<version>',
      description: 'Write release notes.',
      requires: { env: ['TOKEN'], bins: [], always: false, os: ['linux'] },
      extra: { owner: 'docs-team', empty: '' },
    });
    expect(rows).toEqual([
      { key: 'name', value: 'release-notes' },
      { key: 'description', value: 'Write release notes.' },
      { key: 'tags', value: 'docs, release' },
      { key: 'disable-model-invocation', value: 'yes' },
      { key: 'argument-hint', value: '<version>' },
      { key: 'requires', value: 'env: TOKEN; os: linux' },
      { key: 'owner', value: 'docs-team' },
    ]);
  });

  it('leaves the declared arguments to their own table', () => {
    expect(
      frontmatterRows({ name: 'a', arguments: [{ name: 'env', type: 'string', required: true }] }),
    ).toEqual([{ key: 'name', value: 'a' }]);
  });

  it('leaves out an object whose parts are all empty', () => {
    expect(frontmatterRows({ name: 'a', requires: { env: [], always: false } })).toEqual([
      { key: 'name', value: 'a' },
    ]);
  });
});
