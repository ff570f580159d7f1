import type { SynonymTable } from '@skillset/core';
import { loadSynonyms } from '@skillset/core/node';

/** The synonym table for ranking: the one `@skillset/core` ships (one ~3 MB file read). */
export function loadLocalSynonyms(): SynonymTable {
  return loadSynonyms();
}
