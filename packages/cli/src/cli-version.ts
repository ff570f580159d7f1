import { readFileSync } from 'node:fs';

/** The version of the `skillset` package, read from its `package.json` (beside `src/` and `dist/`). */
export function readCliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return (manifest as { version: string }).version;
}
