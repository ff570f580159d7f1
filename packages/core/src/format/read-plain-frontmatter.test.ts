import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkill } from './parse-skill.ts';
import { readPlainFrontmatter } from './read-plain-frontmatter.ts';
import { readYamlFrontmatter } from './read-yaml-frontmatter.ts';

const tricky = fc.constantFrom(...'ab Z09 :#-\'"\\[]{},&*!|>%@`?.é技😀\t~'.split(''), '😀', 'é');
const text = fc.string({ unit: tricky, maxLength: 12 });
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,6}( [a-z0-9]{1,5}){0,3}$/);
const escapeSequence = fc.constantFrom(
  '\\\\',
  '\\"',
  '\\n',
  '\\t',
  '\\/',
  '\\x41',
  '\\u00e9',
  '\\0',
  '\\ ',
  '\\_',
  '\\N',
  '\\q',
  '\\u12',
);
const doubleQuoted = fc
  .array(
    fc.oneof(
      text.map((part) => part.replace(/["\\]/g, '')),
      escapeSequence,
    ),
    { maxLength: 4 },
  )
  .map((parts) => `"${parts.join('')}"`);
const singleQuoted = text.map((value) => `'${value.replace(/'/g, "''")}'`);
const comment = fc.constantFrom('', ' # note', '  #x', '#y');
const scalar = fc
  .tuple(fc.oneof(text, word, doubleQuoted, singleQuoted), comment)
  .map(([value, trailer]) => `${value}${trailer}`);
const flowText = fc.string({
  unit: fc.constantFrom(...'ab Z:#-\'"[]{},&*!?é'.split(''), '😀', ' #', ': ', 'x y'),
  maxLength: 8,
});
const flowItem = fc
  .tuple(
    fc.constantFrom('', ' '),
    fc.oneof(flowText, word, doubleQuoted, singleQuoted),
    fc.constantFrom('', ' '),
  )
  .map((parts) => parts.join(''));
const flowSequence = fc
  .tuple(
    fc.array(flowItem, { maxLength: 4 }),
    fc.constantFrom(',', ', ', ' , '),
    fc.constantFrom('', ',', ' '),
    comment,
  )
  .map(([items, separator, trailer, note]) => `[${items.join(separator)}${trailer}]${note}`);
const key = fc.constantFrom(
  'name',
  'description',
  'license',
  'version',
  'x_y',
  'allowed-tools',
  'A1',
);
const subKey = fc.constantFrom('author', 'k', 'openclaw', 'tags');
const subValue = fc.oneof(scalar, flowSequence);
const entryValue = fc.oneof(
  scalar.map((value) => ` ${value}`),
  flowSequence.map((value) => ` ${value}`),
  fc.constant(''),
  fc
    .array(scalar, { minLength: 1, maxLength: 3 })
    .map((items) => items.map((item) => `\n  - ${item}`).join('')),
  fc
    .uniqueArray(fc.tuple(subKey, subValue), {
      minLength: 1,
      maxLength: 3,
      selector: ([name]) => name,
    })
    .map((pairs) => pairs.map(([name, value]) => `\n  ${name}: ${value}`).join('')),
);
const filler = fc.constantFrom('', '\n', '\n# comment', '\n  # indented comment');
const frontmatter = fc
  .uniqueArray(fc.tuple(key, entryValue, filler), {
    minLength: 1,
    maxLength: 5,
    selector: ([name]) => name,
  })
  .map((entries) => entries.map(([name, value, extra]) => `${name}:${value}${extra}`).join('\n'));
const cleanFrontmatter = fc
  .uniqueArray(fc.tuple(key, word), { minLength: 1, maxLength: 5, selector: ([name]) => name })
  .map((entries) => entries.map(([name, value]) => `${name}: ${value}`).join('\n'));

describe('readPlainFrontmatter', () => {
  it('gives exactly the tree the yaml package gives, whenever it accepts a block', () => {
    let accepted = 0;
    let acceptedFlow = 0;
    fc.assert(
      fc.property(frontmatter, (block) => {
        const fast = readPlainFrontmatter(block, 2);
        if (fast === undefined) return;
        accepted++;
        if (block.includes(': [')) acceptedFlow++;
        const full = readYamlFrontmatter(block, 2);
        expect(full.ok).toBe(true);
        expect(full.issues).toEqual([]);
        expect(fast).toEqual(full.root);
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(300);
    expect(acceptedFlow).toBeGreaterThan(100);
  });

  it('reads one-line flow sequences of scalars as the yaml package does', () => {
    for (const block of [
      'tags: [a, b, "c d"]',
      'allowed-tools: [Read, Write, Bash(git:*)]',
      'tags: []\nname: x',
      "tags: [ 'it''s' , \"\\u00e9\" ] # note",
      'metadata:\n  tags: [x, C#, a:b]',
    ]) {
      const fast = readPlainFrontmatter(block, 2);
      expect(fast).toBeDefined();
      expect(fast).toEqual(readYamlFrontmatter(block, 2).root);
    }
  });

  it('accepts every block of plain one-line key: value pairs', () => {
    fc.assert(
      fc.property(cleanFrontmatter, (block) => {
        expect(readPlainFrontmatter(block, 2)).toEqual(readYamlFrontmatter(block, 2).root);
      }),
    );
  });

  it('makes parseSkill give the same result with and without the fast path', () => {
    fc.assert(
      fc.property(
        frontmatter,
        fc.constantFrom<'default' | 'strict'>('default', 'strict'),
        (block, profile) => {
          const skill = `---\n${block}\n---\nBody\n`;
          expect(parseSkill(skill, { profile })).toEqual(
            parseSkill(skill, { profile, yamlOnly: true }),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('falls back for block scalars, nested or multi-line flow collections, anchors and continuation lines', () => {
    for (const block of [
      'd: >\n  x',
      'd: [a, [b]]',
      'd: {a: b}',
      'd: [a,\n  b]',
      'd: [a: b]',
      '- [a]',
      'd: &a x',
      'd: x\n  y',
      'd: "x\n  y"',
      '- a',
      'd: a: b',
    ]) {
      expect(readPlainFrontmatter(block, 2)).toBeUndefined();
    }
  });
});
