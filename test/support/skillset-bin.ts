import path from 'node:path';
import { repoRoot } from './shared-dir.ts';

/** The `skillset` command that `npm ci` installs: what `npx skillset` and MCP clients run. */
export const skillsetBin = path.join(repoRoot, 'node_modules', '.bin', 'skillset');
