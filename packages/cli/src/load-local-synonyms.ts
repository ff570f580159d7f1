import type { SynonymTable } from '@skillset/core';
import { defaultCacheDir, loadCachedWordNetSynonyms } from '@skillset/core/node';
import { createProgress } from './output/progress.ts';
import type { Terminal } from './output/terminal.ts';

/** The WordNet synonym table for ranking, from the user cache (built and saved once, ~2 s, on a miss). */
export function loadLocalSynonyms(terminal: Terminal): SynonymTable {
  const progress = createProgress(terminal);
  progress.update('Loading WordNet synonyms (first run only)…');
  try {
    const cacheDir = defaultCacheDir({
      env: terminal.env,
      ...(terminal.env.HOME ? { home: terminal.env.HOME } : {}),
    });
    return loadCachedWordNetSynonyms({ cacheDir }).synonyms;
  } finally {
    progress.done();
  }
}
