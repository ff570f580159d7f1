import { describe, expect, it } from 'vitest';
import {
  type CommandArgument,
  fillInvocation,
  findInvokedCommand,
  initialArgumentValues,
} from './invocation-arguments.ts';

const releaseNotes: CommandArgument[] = [
  { name: 'version', type: 'string', required: true, description: 'The version.' },
  {
    name: 'audience',
    type: 'string',
    required: false,
    enum: ['users', 'developers'],
    default: 'users',
  },
  { name: 'includeFixes', type: 'boolean', required: false, default: true },
  { name: 'draft', type: 'boolean', required: false },
];
const commands = [
  { name: 'haiku', arguments: [] },
  { name: 'release-notes', arguments: releaseNotes },
];

describe('findInvokedCommand', () => {
  it('finds a skill with arguments among the leading invocations, after any others', () => {
    expect(findInvokedCommand('/haiku $Release-Notes please', commands)).toMatchObject({
      prefix: '$',
      name: 'release-notes',
      end: '/haiku $Release-Notes'.length,
    });
  });

  it('finds nothing for a skill without arguments, an unknown name or a later mention', () => {
    expect(findInvokedCommand('/haiku autumn', commands)).toBeUndefined();
    expect(findInvokedCommand('/nope $release-notes', commands)).toBeUndefined();
    expect(findInvokedCommand('see $release-notes', commands)).toBeUndefined();
    expect(findInvokedCommand('$release-notesx', commands)).toBeUndefined();
  });
});

describe('fillInvocation', () => {
  it('places options after the invocations and keeps the rest of the message', () => {
    const invoked = findInvokedCommand('$release-notes  keep it short', commands);
    if (invoked === undefined) throw new Error('not found');
    const values = {
      ...initialArgumentValues(releaseNotes),
      version: '2.0 beta',
      audience: 'developers',
      includeFixes: false,
      draft: true,
    };
    expect(fillInvocation('$release-notes  keep it short', invoked, values)).toBe(
      '$release-notes --version "2.0 beta" --audience developers --no-include-fixes --draft keep it short',
    );
  });

  it('leaves out empty values and values at their default', () => {
    const invoked = findInvokedCommand('/release-notes', commands);
    if (invoked === undefined) throw new Error('not found');
    expect(initialArgumentValues(releaseNotes)).toEqual({
      version: '',
      audience: 'users',
      includeFixes: true,
      draft: false,
    });
    expect(fillInvocation('/release-notes', invoked, initialArgumentValues(releaseNotes))).toBe(
      '/release-notes',
    );
  });
});
