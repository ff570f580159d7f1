import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillArgument, SkillManifest } from '../skill/skill-manifest.ts';
import { parseSkill } from './parse-skill.ts';
import { serializeSkill } from './serialize-skill.ts';

const anyText = fc.string({ unit: 'grapheme', maxLength: 40 });
const nonEmpty = anyText.filter((value) => value !== '');
const token = nonEmpty.filter((value) => value.trim() === value);
const name = fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,3}$/);
const list = fc.array(token, { maxLength: 4 });
// Parsing drops repeated entries of the `requires` lists, so a round trip only holds for unique ones.
const uniqueList = fc.uniqueArray(token, { maxLength: 4 });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const argument: fc.Arbitrary<SkillArgument> = fc
  .oneof(
    fc.record({
      type: fc.constant('string' as const),
      values: fc.uniqueArray(anyText, { maxLength: 3 }),
      free: anyText,
    }),
    fc.record({
      type: fc.constant('number' as const),
      values: fc.uniqueArray(fc.double({ noNaN: true, noDefaultInfinity: true }), {
        maxLength: 3,
        comparator: (a, b) => a === b,
      }),
      free: fc.double({ noNaN: true, noDefaultInfinity: true }),
    }),
    fc.record({
      type: fc.constant('integer' as const),
      values: fc.uniqueArray(fc.integer(), { maxLength: 3 }),
      free: fc.integer(),
    }),
    fc.record({
      type: fc.constant('boolean' as const),
      values: fc.constant([] as boolean[]),
      free: fc.boolean(),
    }),
  )
  .chain(({ type, values, free }) =>
    fc
      .record(
        {
          name: fc.stringMatching(/^[a-z_][a-z0-9_-]{0,8}$/),
          required: fc.boolean(),
          description: anyText,
          useEnum: fc.boolean(),
          useDefault: fc.boolean(),
        },
        { requiredKeys: ['name', 'required', 'useEnum', 'useDefault'] },
      )
      .map(({ name: argumentName, required, description, useEnum, useDefault }) => {
        const result: SkillArgument = { name: argumentName, type, required };
        if (description !== undefined) result.description = description;
        const enumValues = values as Array<string | number>;
        if (useEnum && enumValues.length > 0) result.enum = enumValues;
        if (useDefault)
          result.default = result.enum === undefined ? free : (enumValues[0] as string | number);
        return result;
      }),
  );

const manifest: fc.Arbitrary<SkillManifest> = fc
  .record({
    name,
    description: nonEmpty.map((value) => value.trim()).filter((value) => value !== ''),
    license: optional(nonEmpty),
    compatibility: optional(nonEmpty),
    allowedTools: optional(list),
    disallowedTools: optional(list),
    disableModelInvocation: fc.boolean(),
    userInvocable: fc.boolean(),
    context: fc.constantFrom('inline' as const, 'fork' as const),
    agent: optional(nonEmpty),
    model: optional(nonEmpty),
    argumentHint: optional(nonEmpty),
    arguments: fc.uniqueArray(argument, { maxLength: 3, selector: (value) => value.name }),
    tags: list,
    category: optional(nonEmpty),
    icon: optional(nonEmpty),
    version: optional(
      fc.oneof(nonEmpty, fc.constantFrom('1.0', '2', 'no', 'true', '0x1F', '~', 'null')),
    ),
    integration: optional(nonEmpty),
    requires: optional(
      fc.record({
        bins: uniqueList,
        anyBins: uniqueList,
        env: uniqueList,
        config: uniqueList,
        os: uniqueList,
        always: fc.boolean(),
      }),
    ),
    toolDispatch: optional(nonEmpty),
    references: fc.array(name, { maxLength: 3 }),
    metadata: optional(
      fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), anyText, { maxKeys: 3 }),
    ),
    extra: fc.dictionary(
      fc.stringMatching(/^x-[a-z]{1,6}$/),
      fc.oneof(
        anyText,
        fc.array(anyText, { maxLength: 2 }),
        fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), anyText, { maxKeys: 2 }),
      ),
      { maxKeys: 2 },
    ),
  })
  .map((fields) => {
    const result = createManifest({ name: fields.name, description: fields.description });
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (result as unknown as Record<string, unknown>)[key] = value;
    }
    return result;
  });
const body = fc.string({ unit: 'grapheme' }).map((value) => value.replace(/\r/g, ''));

describe('serializeSkill', () => {
  it('writes kebab-case keys and leaves defaults out', () => {
    const text = serializeSkill(
      createManifest({
        name: 'my-skill',
        description: 'Use when: x',
        version: '1.0',
        allowedTools: ['Read'],
      }),
      'Body\n',
    );
    expect(text).toMatchInlineSnapshot(`
      "---
      name: my-skill
      description: "Use when: x"
      allowed-tools:
        - Read
      version: "1.0"
      ---
      Body
      "
    `);
  });

  it('round-trips any valid manifest and body through parseSkill', () => {
    fc.assert(
      fc.property(manifest, body, (original, originalBody) => {
        const result = parseSkill(serializeSkill(original, originalBody));
        expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
        expect(result.manifest).toEqual(original);
        expect(result.body).toBe(originalBody);
      }),
      { numRuns: 200 },
    );
  });
});
