import { describe, expect, it } from 'vitest';
import { frontmatterChanges } from './frontmatter-changes.ts';

const skill = (frontmatter: string) => `---\n${frontmatter}---\n# Body\n`;

describe('frontmatterChanges', () => {
  it('compares the fields one by one, removed fields last', () => {
    const changes = frontmatterChanges(
      skill('name: deploy\ndescription: Deploy to staging.\ncategory: ops\n'),
      skill('name: deploy\ndescription: Deploy to production.\ntags: [ops, release]\n'),
    );
    expect(
      changes?.map(({ key, status, before, after }) => ({ key, status, before, after })),
    ).toEqual([
      { key: 'name', status: 'same', before: 'deploy', after: 'deploy' },
      {
        key: 'description',
        status: 'changed',
        before: 'Deploy to staging.',
        after: 'Deploy to production.',
      },
      { key: 'tags', status: 'added', before: undefined, after: 'ops, release' },
      { key: 'category', status: 'removed', before: 'ops', after: undefined },
    ]);
    expect(changes?.[1]?.words?.after.filter((word) => word.changed)).toEqual([
      { text: 'production', changed: true },
    ]);
  });

  it('lists every field as added for a new skill', () => {
    expect(
      frontmatterChanges(null, skill('name: deploy\ndescription: Deploys.\n'))?.map(
        (change) => change.status,
      ),
    ).toEqual(['added', 'added']);
  });

  it('answers undefined when a frontmatter cannot be read field by field', () => {
    expect(frontmatterChanges(skill('name: [unclosed\n'), skill('name: deploy\n'))).toBeUndefined();
  });
});
