import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

/** Options for {@link createUnifiedDiff}. */
export interface CreateUnifiedDiffOptions {
  oldPath: string;
  newPath: string;
  oldText: string;
  newText: string;
  /** Unchanged lines shown around each change (default 3). */
  context?: number;
}

/** A unified diff (`---`/`+++` header and `@@` hunks) of two texts; empty when they are equal. */
export function createUnifiedDiff(options: CreateUnifiedDiffOptions): string {
  if (options.oldText === options.newText) return '';
  return createTwoFilesPatch(
    options.oldPath,
    options.newPath,
    options.oldText,
    options.newText,
    undefined,
    undefined,
    { context: options.context ?? 3, headerOptions: FILE_HEADERS_ONLY },
  );
}
