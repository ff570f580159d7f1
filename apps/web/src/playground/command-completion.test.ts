import { describe, expect, it } from 'vitest';
import { applyCommand, filterCommands, findCommandQuery } from './command-completion.ts';

describe('findCommandQuery', () => {
  it('finds a slash command being typed at the start', () => {
    expect(findCommandQuery('/hai', 4)).toEqual({ prefix: '/', query: 'hai', start: 0, end: 4 });
  });

  it('finds a dollar command after other leading invocations', () => {
    expect(findCommandQuery('/haiku $se', 10)).toEqual({
      prefix: '$',
      query: 'se',
      start: 7,
      end: 10,
    });
  });

  it('reaches to the end of the token when the caret is inside it', () => {
    expect(findCommandQuery('/haiku autumn', 3)).toMatchObject({ query: 'ha', start: 0, end: 6 });
  });

  it('ignores a slash after ordinary text and paths', () => {
    expect(findCommandQuery('see /hai', 8)).toBeUndefined();
    expect(findCommandQuery('/usr/bin', 8)).toBeUndefined();
    expect(findCommandQuery('costs $5 ', 9)).toBeUndefined();
  });

  it('opens on a bare prefix', () => {
    expect(findCommandQuery('/', 1)).toMatchObject({ prefix: '/', query: '' });
  });
});

describe('filterCommands', () => {
  const commands = [
    { name: 'deploy-app', description: '' },
    { name: 'app-notes', description: '' },
    { name: 'haiku', description: '' },
  ];

  it('puts names that start with the query before names that contain it', () => {
    expect(filterCommands(commands, 'app').map((each) => each.name)).toEqual([
      'app-notes',
      'deploy-app',
    ]);
  });

  it('matches case-insensitively and lists everything for an empty query', () => {
    expect(filterCommands(commands, 'HAI').map((each) => each.name)).toEqual(['haiku']);
    expect(filterCommands(commands, '')).toHaveLength(3);
  });
});

describe('applyCommand', () => {
  it('replaces the token, adds one space and puts the caret after it', () => {
    const text = '/ha autumn';
    const query = findCommandQuery(text, 3);
    if (query === undefined) throw new Error('no query');
    expect(applyCommand(text, query, 'haiku')).toEqual({ text: '/haiku autumn', caret: 7 });
  });
});
