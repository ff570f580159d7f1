import { useState } from 'react';
import { useMe } from '../app/use-me.ts';
import {
  DEFAULT_LIBRARY_VIEW,
  type LibraryView,
  readLibraryView,
  writeLibraryView,
} from './library-view.ts';

/** The signed-in person's library view, remembered in this browser under their id (decision 0154). */
export function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const personId = useMe().data?.principal.id;
  const [chosen, setChosen] = useState<{ personId: string; view: LibraryView }>();
  const view =
    personId === undefined
      ? DEFAULT_LIBRARY_VIEW
      : chosen?.personId === personId
        ? chosen.view
        : readLibraryView(window.localStorage, personId);
  const change = (next: LibraryView) => {
    if (personId === undefined) return;
    writeLibraryView(window.localStorage, personId, next);
    setChosen({ personId, view: next });
  };
  return [view, change];
}
