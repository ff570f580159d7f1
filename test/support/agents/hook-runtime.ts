import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A private `XDG_RUNTIME_DIR` for the hook servers an agent test starts, and their end. */
export interface HookRuntime {
  env: { XDG_RUNTIME_DIR: string };
  /** Stops every hook server started below it (by the pids their logs name). */
  stop(): Promise<void>;
}

/** Makes `<root>/run` (mode 0700) for the hook servers of one test file. */
export async function createHookRuntime(root: string): Promise<HookRuntime> {
  const runtime = path.join(root, 'run');
  await mkdir(runtime, { recursive: true, mode: 0o700 });
  return {
    env: { XDG_RUNTIME_DIR: runtime },
    async stop() {
      const folder = path.join(runtime, 'skillset');
      for (const name of await readdir(folder).catch(() => [])) {
        if (!name.endsWith('.log')) continue;
        const log = await readFile(path.join(folder, name), 'utf8');
        for (const match of log.matchAll(/hook server (\d+) listening/g)) {
          try {
            process.kill(Number(match[1]), 'SIGTERM');
          } catch {}
        }
      }
    },
  };
}
