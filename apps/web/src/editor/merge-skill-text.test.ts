import { describe, expect, it } from 'vitest';
import { mergeSkillText, resolveSkillMerge } from './merge-skill-text.ts';

const BASE = `---
name: release-notes
description: Write the notes.
# Shown in the catalog.
tags: [release, docs]
---
Read the log.
`;

const summary = (merge: ReturnType<typeof mergeSkillText>) => ({
  merged: merge.merged.map((part) => `${part.name} ← ${part.from}`),
  conflicts: merge.conflicts.map((part) => part.name),
});

describe('mergeSkillText', () => {
  it('merges edits of different fields and the body, keeping each line as written', () => {
    const mine = BASE.replace('[release, docs]', '[release, docs, web]').replace(
      'Read the log.',
      'Read the whole log.',
    );
    const theirs = BASE.replace('Write the notes.', 'Write the release notes.').replace(
      'tags:',
      'category: writing\ntags:',
    );
    const merge = mergeSkillText({ base: BASE, mine, theirs });
    expect(summary(merge)).toEqual({
      merged: ['description ← theirs', 'tags ← mine', 'category ← theirs', 'body ← mine'],
      conflicts: [],
    });
    expect(resolveSkillMerge(merge, {})).toBe(`---
name: release-notes
description: Write the release notes.
# Shown in the catalog.
category: writing
tags: [release, docs, web]
---
Read the whole log.
`);
  });

  it('reports a field changed differently on both sides, and applies the choice made', () => {
    const mine = BASE.replace('Write the notes.', 'Mine.').replace('Read the log.', 'My body.');
    const theirs = BASE.replace('Write the notes.', 'Theirs.').replace('[release, docs]', '[docs]');
    const merge = mergeSkillText({ base: BASE, mine, theirs });
    expect(summary(merge)).toEqual({
      merged: ['tags ← theirs', 'body ← mine'],
      conflicts: ['description'],
    });
    expect(merge.conflicts[0]).toMatchObject({
      base: 'description: Write the notes.\n',
      mine: 'description: Mine.\n',
      theirs: 'description: Theirs.\n',
    });
    const mineChosen = resolveSkillMerge(merge, { 'field:description': 'mine' });
    expect(mineChosen).toContain('description: Mine.\n');
    expect(mineChosen).toContain('tags: [docs]\n');
    expect(mineChosen).toContain('My body.');
    expect(resolveSkillMerge(merge, { 'field:description': 'theirs' })).toContain(
      'description: Theirs.\n',
    );
  });

  it('adds a field after the one before it in mine, and removes a field I removed', () => {
    const mine = BASE.replace(
      'description: Write the notes.\n',
      'description: Write the notes.\nicon: 📝\n',
    ).replace('# Shown in the catalog.\ntags: [release, docs]\n', '');
    const theirs = BASE.replace('Read the log.', 'Read the log twice.');
    const merge = mergeSkillText({ base: BASE, mine, theirs });
    expect(resolveSkillMerge(merge, {})).toBe(`---
name: release-notes
description: Write the notes.
icon: 📝
# Shown in the catalog.
---
Read the log twice.
`);
  });

  it('treats the body, and a frontmatter it cannot read field by field, as one part each', () => {
    const broken = BASE.replace('tags: [release, docs]', 'tags: [release');
    const merge = mergeSkillText({
      base: BASE,
      mine: broken,
      theirs: BASE.replace('Read the log.', 'Theirs.'),
    });
    expect(summary(merge)).toEqual({
      merged: ['frontmatter ← mine', 'body ← theirs'],
      conflicts: [],
    });
    expect(resolveSkillMerge(merge, {})).toBe(broken.replace('Read the log.', 'Theirs.'));
    const both = mergeSkillText({
      base: BASE,
      mine: BASE.replace('Read the log.', 'Mine.'),
      theirs: BASE.replace('Read the log.', 'Theirs.'),
    });
    expect(summary(both)).toEqual({ merged: [], conflicts: ['body'] });
    expect(resolveSkillMerge(both, { body: 'mine' })).toBe(BASE.replace('Read the log.', 'Mine.'));
  });

  it('finds nothing to merge when both made the same change', () => {
    const same = BASE.replace('Write the notes.', 'Same.');
    expect(summary(mergeSkillText({ base: BASE, mine: same, theirs: same }))).toEqual({
      merged: [],
      conflicts: [],
    });
  });
});
