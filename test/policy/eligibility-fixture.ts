import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ELIGIBILITY } from './policy-scenarios.ts';

/** A folder with the `present` binary, and the environment variables every surface runs with. */
export interface EligibilityFixture {
  binDir: string;
  env: Record<string, string>;
  configKeys: readonly string[];
}

/** Writes the `present` binary under `root` and returns what the surfaces' environments need. */
export async function createEligibilityFixture(root: string): Promise<EligibilityFixture> {
  const binDir = path.join(root, 'bin');
  await mkdir(binDir, { recursive: true });
  const bin = path.join(binDir, ELIGIBILITY.presentBin);
  await writeFile(bin, '#!/bin/sh\nexit 0\n');
  await chmod(bin, 0o755);
  return {
    binDir,
    env: { [ELIGIBILITY.presentEnv]: 'yes' },
    configKeys: [ELIGIBILITY.presentConfig],
  };
}
