import { describe, expect, it } from 'vitest';
import { librarySortQuery, readLibraryView, writeLibraryView } from './library-view.ts';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('readLibraryView', () => {
  it('gives back what each person chose, and the default to someone who chose nothing', () => {
    const storage = memoryStorage();
    writeLibraryView(storage, 'user-a', { layout: 'table', sort: 'uses' });
    expect(readLibraryView(storage, 'user-a')).toEqual({ layout: 'table', sort: 'uses' });
    expect(readLibraryView(storage, 'user-b')).toEqual({ layout: 'cards', sort: 'name' });
  });

  it('falls back to the default for what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('skillset.library-view.user-a', '{not json');
    expect(readLibraryView(storage, 'user-a')).toEqual({ layout: 'cards', sort: 'name' });
    storage.setItem('skillset.library-view.user-a', '{"layout":"grid","sort":"stars"}');
    expect(readLibraryView(storage, 'user-a')).toEqual({ layout: 'cards', sort: 'name' });
  });
});

describe('librarySortQuery', () => {
  it('asks for the table order, except by name (the default) or while searching', () => {
    expect(librarySortQuery({ layout: 'table', sort: 'uses' }, '')).toEqual({ sort: 'uses' });
    expect(librarySortQuery({ layout: 'table', sort: 'name' }, '')).toEqual({});
    expect(librarySortQuery({ layout: 'table', sort: 'updated' }, 'deploy')).toEqual({});
    expect(librarySortQuery({ layout: 'cards', sort: 'uses' }, '')).toEqual({});
  });
});
