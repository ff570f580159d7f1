/** How the library orders skills: by name, most recently updated first, or most used first. */
export type LibrarySort = 'name' | 'updated' | 'uses';

/** How a person looks at the library: cards or a table, and the table's order. */
export interface LibraryView {
  layout: 'cards' | 'table';
  sort: LibrarySort;
}

/** The view of someone who never chose one. */
export const DEFAULT_LIBRARY_VIEW: LibraryView = { layout: 'cards', sort: 'name' };

const SORTS: readonly string[] = ['name', 'updated', 'uses'] satisfies LibrarySort[];

function storageKey(personId: string): string {
  return `skillset.library-view.${personId}`;
}

/** The view a person chose in this browser; the default when none or unreadable. */
export function readLibraryView(storage: Storage, personId: string): LibraryView {
  try {
    const value: unknown = JSON.parse(storage.getItem(storageKey(personId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return DEFAULT_LIBRARY_VIEW;
    const { layout, sort } = value as Record<string, unknown>;
    return {
      layout: layout === 'table' ? 'table' : 'cards',
      sort: typeof sort === 'string' && SORTS.includes(sort) ? (sort as LibrarySort) : 'name',
    };
  } catch {
    return DEFAULT_LIBRARY_VIEW;
  }
}

/** Remembers a person's view in this browser; a full or refused storage only loses the memory. */
export function writeLibraryView(storage: Storage, personId: string, view: LibraryView): void {
  try {
    storage.setItem(storageKey(personId), JSON.stringify(view));
  } catch {}
}

/** The `sort` of `GET /api/skills` for a view: the table's order, unless a search orders by relevance. */
export function librarySortQuery(view: LibraryView, searchText: string): { sort?: LibrarySort } {
  if (view.layout !== 'table' || searchText.trim() !== '' || view.sort === 'name') return {};
  return { sort: view.sort };
}
