import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSkillName } from './check-skill-name.ts';
import { frontmatterLength } from './frontmatter-length.ts';
import { parseSkill } from './parse-skill.ts';

const yamlish = fc.string({
  unit: fc.constantFrom(
    ...'ab-:# \n\t\'"[]{}&*!|>%@?,\\\r'.split(''),
    '---',
    '\n---\n',
    'name: x',
    '\ufeff',
    'é',
  ),
  maxLength: 80,
});

describe('parseSkill (properties)', () => {
  it('returns a result for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          yamlish.map((inner) => `---\n${inner}\n---\n`),
          yamlish,
        ),
        (text) => {
          for (const profile of ['default', 'strict'] as const) {
            const result = parseSkill(text, { profile, folderName: 'x' });
            expect(typeof result.valid).toBe('boolean');
            expect(result.valid).toBe(!result.issues.some((issue) => issue.severity === 'error'));
            expect(result.issues.every((issue) => issue.code !== 'parse_failed')).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('returns a result for any byte array', () => {
    const framed = fc
      .tuple(fc.uint8Array({ maxLength: 60 }), yamlish)
      .map(
        ([bytes, inner]) =>
          new Uint8Array([
            ...new TextEncoder().encode(`---\n${inner}`),
            ...bytes,
            ...new TextEncoder().encode('\n---\n'),
          ]),
      );
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), framed), (bytes) => {
        const result = parseSkill(bytes);
        expect(result.issues.every((issue) => issue.code !== 'parse_failed')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same manifest and issues for the frontmatter prefix as for the whole file', () => {
    fc.assert(
      fc.property(yamlish, fc.string(), (inner, body) => {
        const text = `---\n${inner}\n---\n${body}`;
        const length = frontmatterLength(text);
        if (length === undefined) return;
        const whole = parseSkill(text);
        const prefix = parseSkill(text.slice(0, length));
        expect(prefix.manifest).toEqual(whole.manifest);
        expect(prefix.issues.filter((issue) => issue.code !== 'crlf_line_endings')).toEqual(
          whole.issues.filter((issue) => issue.code !== 'crlf_line_endings'),
        );
        expect(prefix.bodyLine).toBe(whole.bodyLine);
      }),
      { numRuns: 1000 },
    );
  });

  it('suggests only names that pass the name rule', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 70 }),
      fc.stringMatching(/^[A-Za-z0-9_ .-]{0,20}$/),
      fc.constantFrom('My_Skill', 'my-skill', 'İx', '---', '', 'a--b'),
    );
    const suggestion = /(?:set name: |rename the folder to |add 'name: |try ')([^\s']+)/g;
    fc.assert(
      fc.property(text, text, (name, folderName) => {
        const source = `---\nname: ${JSON.stringify(name)}\ndescription: d\n---\n`;
        const { issues } = parseSkill(source, { folderName });
        for (const issue of issues) {
          for (const [, suggested] of issue.message.matchAll(suggestion)) {
            expect(checkSkillName(suggested as string), issue.message).toEqual([]);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('does not hang on alias bombs', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let index = 0; index < 20; index++)
      lines.push(
        `${String.fromCharCode(98 + index)}: &${String.fromCharCode(98 + index)} [*${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}, *${String.fromCharCode(97 + index)}]`,
      );
    const result = parseSkill(`---\nname: s\ndescription: d\n${lines.join('\n')}\n---\n`);
    expect(result.valid).toBe(false);
    expect(result.issues.some((issue) => issue.code === 'yaml_alias_refused')).toBe(true);
  });
});
