import { describe, expect, it } from 'vitest';
import { omitNullOptionals } from './omit-null-optionals.ts';
import type { ToolInputSchema } from './skill-tool.ts';
import { isStrictInputSchema, toStrictInputSchema } from './to-strict-input-schema.ts';

const loose: ToolInputSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    note: { type: 'string', description: 'A note.' },
    clear: { type: ['string', 'null'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, tag: { type: 'string' } },
        required: ['id'],
      },
    },
  },
  required: ['name'],
};

describe('toStrictInputSchema', () => {
  it('requires every property, makes optional ones nullable and closes objects at every depth', () => {
    const strict = toStrictInputSchema(loose);
    expect(strict).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        note: { description: 'A note.', anyOf: [{ type: 'string' }, { type: 'null' }] },
        clear: { type: ['string', 'null'] },
        items: {
          anyOf: [
            {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  tag: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                },
                required: ['id', 'tag'],
                additionalProperties: false,
              },
            },
            { type: 'null' },
          ],
        },
      },
      required: ['name', 'note', 'clear', 'items'],
      additionalProperties: false,
    });
    expect(isStrictInputSchema(loose)).toBe(false);
    expect(isStrictInputSchema(strict)).toBe(true);
  });

  it('leaves an open object open, so the schema is not strict-ready', () => {
    const open = toStrictInputSchema({
      type: 'object',
      properties: { headers: { type: 'object' } },
      required: ['headers'],
    });
    expect(isStrictInputSchema(open)).toBe(false);
    const record = toStrictInputSchema({
      type: 'object',
      properties: {
        files: {
          type: 'object',
          propertyNames: { type: 'string' },
          additionalProperties: { type: 'string' },
        },
      },
    });
    expect(isStrictInputSchema(record)).toBe(false);
  });
});

describe('omitNullOptionals', () => {
  it('drops null from optional properties only, keeping it where the schema takes null', () => {
    expect(
      omitNullOptionals(
        { name: null, note: null, clear: null, items: [{ id: 'a', tag: null }], extra: null },
        loose,
      ),
    ).toEqual({ name: null, clear: null, items: [{ id: 'a' }], extra: null });
  });

  it('passes anything that is not an object through', () => {
    expect(omitNullOptionals('text', loose)).toBe('text');
    expect(omitNullOptionals(null, loose)).toBeNull();
  });
});
