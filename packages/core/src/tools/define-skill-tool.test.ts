import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SkillsetError } from '../errors/skillset-error.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import { toolSuccess } from './tool-result.ts';

describe('defineSkillTool', () => {
  const echo = defineSkillTool({
    name: 'echo',
    description: 'Echo.',
    input: z
      .object({ word: z.string().describe('A word.'), times: z.number().int().optional() })
      .strict(),
    async run({ word, times = 1 }) {
      if (word === 'boom')
        throw new SkillsetError<string>({ code: 'exploded', message: 'It exploded.' });
      if (word === 'crash') throw new Error('bug');
      return toolSuccess(word.repeat(times));
    },
  });

  it('generates the plain JSON Schema from the same Zod definition, without $schema', () => {
    expect(echo.inputSchema).toEqual({
      type: 'object',
      properties: {
        word: { type: 'string', description: 'A word.' },
        times: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) },
      },
      required: ['word'],
      additionalProperties: false,
    });
  });

  it('generates the strict form beside it: every property required, optional ones nullable', () => {
    expect(echo.strictInputSchema).toEqual({
      type: 'object',
      properties: {
        word: { type: 'string', description: 'A word.' },
        times: {
          anyOf: [
            { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) },
            { type: 'null' },
          ],
        },
      },
      required: ['word', 'times'],
      additionalProperties: false,
    });
  });

  it('refuses an input that has no strict form', () => {
    expect(() =>
      defineSkillTool({
        name: 'open',
        description: 'Open.',
        input: z.object({ headers: z.record(z.string(), z.string()) }),
        run: async () => toolSuccess(''),
      }),
    ).toThrow('The input schema of open cannot be made strict');
  });

  it('takes an optional field omitted or null, and still refuses null for a required one', async () => {
    expect(await echo.execute({ word: 'ab' })).toEqual({ ok: true, text: 'ab' });
    expect(await echo.execute({ word: 'ab', times: null })).toEqual({ ok: true, text: 'ab' });
    expect(await echo.execute({ word: null, times: null })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Invalid input for echo:\n- word: Invalid input: expected string, received null',
      },
    });
  });

  it('validates input and turns thrown errors into results', async () => {
    expect(await echo.execute({ word: 'ab', times: 2 })).toEqual({ ok: true, text: 'abab' });
    expect(await echo.execute({ word: 1, times: 1.5 })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'Invalid input for echo:\n- word: Invalid input: expected string, received number\n- times: Invalid input: expected int, received number',
      },
    });
    expect(await echo.execute({ word: 'boom' })).toEqual({
      ok: false,
      error: { code: 'exploded', message: 'It exploded.' },
    });
    expect(await echo.execute({ word: 'crash' })).toEqual({
      ok: false,
      error: { code: 'tool_failed', message: 'The tool failed unexpectedly: bug' },
    });
  });

  it('names the closest few values of a long enum instead of listing them all', async () => {
    const colours = [
      'red',
      'orange',
      'yellow',
      'green',
      'blue',
      'indigo',
      'violet',
      'black',
      'white',
    ];
    const paint = defineSkillTool({
      name: 'paint',
      description: 'Paint.',
      input: z.object({ colour: z.enum(colours) }),
      run: async ({ colour }) => toolSuccess(colour),
    });
    expect(await paint.execute({ colour: 'bleu' })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'Invalid input for paint:\n- colour: "bleu" is not one of the 9 allowed values; did you mean "blue"?',
      },
    });
  });
});
