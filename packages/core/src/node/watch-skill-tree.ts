import { basename, dirname } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { isSkillFileName } from '../format/rank-skill-file-names.ts';
import { SKIPPED_FOLDER_NAMES } from './scan-skill-tree.ts';

/** Options for {@link watchSkillTree}. */
export interface WatchSkillTreeOptions {
  root: string;
  /** Deepest skill folder, counted in folders below the root. */
  maxDepth: number;
  /** How long to collect events before reporting them as one batch, in milliseconds. */
  debounceMs: number;
  /** Receives the folders to look at again: a skill file's folder, or an added or removed folder. */
  onChange: (folders: Set<string>) => void;
  onError?: (error: unknown) => void;
}

/** A running watcher; `ready` settles once the initial crawl is done. */
export interface SkillTreeWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Watches a skill tree with chokidar and reports affected folders in debounced batches. */
export function watchSkillTree(options: WatchSkillTreeOptions): SkillTreeWatcher {
  const { root } = options;
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    timer = undefined;
    const folders = pending;
    pending = new Set();
    if (folders.size === 0) return;
    try {
      options.onChange(folders);
    } catch (error) {
      options.onError?.(error);
    }
  };

  const note = (folder: string): void => {
    pending.add(folder);
    timer ??= setTimeout(flush, options.debounceMs);
  };

  const watcher: FSWatcher = watch(root, {
    ignoreInitial: true,
    depth: options.maxDepth,
    atomic: false,
    ignored: (path, stats) => {
      if (path === root) return false;
      const name = basename(path);
      if (SKIPPED_FOLDER_NAMES.has(name)) return true;
      return stats?.isFile() === true && !isSkillFileName(name);
    },
  });
  const onFile = (path: string): void => {
    if (isSkillFileName(basename(path))) note(dirname(path));
  };
  watcher.on('add', onFile);
  watcher.on('change', onFile);
  watcher.on('unlink', onFile);
  watcher.on('addDir', (path: string) => note(path));
  watcher.on('unlinkDir', (path: string) => note(path));
  watcher.on('error', (error: unknown) => options.onError?.(error));
  const ready = new Promise<void>((resolve) => {
    watcher.once('ready', () => resolve());
  });

  return {
    ready,
    async close() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending.clear();
      await watcher.close();
    },
  };
}
