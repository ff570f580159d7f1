import { useState } from 'react';

/** The first `limit` items until the user asks for all of them. */
export function useShowAll<Item>(items: readonly Item[], limit: number) {
  const [all, setAll] = useState(false);
  return {
    shown: all ? items : items.slice(0, limit),
    hidden: all ? 0 : Math.max(0, items.length - limit),
    showAll: () => setAll(true),
  };
}
