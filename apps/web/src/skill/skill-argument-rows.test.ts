import { describe, expect, it } from 'vitest';
import { skillArgumentRows } from './skill-argument-rows.ts';

describe('skillArgumentRows', () => {
  it('reads each declared argument with its default and allowed values', () => {
    expect(
      skillArgumentRows({
        arguments: [
          {
            name: 'env',
            type: 'string',
            required: true,
            enum: ['staging', 'production'],
            default: 'staging',
            description: 'Where to deploy.',
          },
          { name: 'dry-run', type: 'boolean', required: false, default: false },
          { name: 'count', type: 'integer', required: false },
        ],
      }),
    ).toEqual([
      {
        name: 'env',
        type: 'string',
        required: true,
        values: 'default staging; one of staging, production',
        description: 'Where to deploy.',
      },
      {
        name: 'dry-run',
        type: 'boolean',
        required: false,
        values: 'default false',
        description: '',
      },
      { name: 'count', type: 'integer', required: false, values: '', description: '' },
    ]);
  });

  it('answers no rows when there are no arguments or they are malformed', () => {
    expect(skillArgumentRows({})).toEqual([]);
    expect(skillArgumentRows({ arguments: [] })).toEqual([]);
    expect(skillArgumentRows({ arguments: 'env' })).toEqual([]);
    expect(skillArgumentRows({ arguments: [null, 7, { type: 'string' }] })).toEqual([]);
  });
});
