import path from 'node:path';

/** The repository root (the folder holding the root package.json). */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** The shared test data folder next to the repository (`<repo>/../shared`), or `SKILLSET_SHARED_DIR`. */
export const sharedDir = process.env.SKILLSET_SHARED_DIR ?? path.resolve(repoRoot, '..', 'shared');

/** Resolves a path inside the shared test data folder. */
export function sharedPath(...segments: string[]): string {
  return path.join(sharedDir, ...segments);
}
