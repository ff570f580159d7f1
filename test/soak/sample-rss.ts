import { readFile } from 'node:fs/promises';

/** RSS samples (MiB) of a set of processes, one list per process. */
export interface RssSampler {
  readonly samples: readonly number[][];
  stop(): void;
}

async function rssMiB(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined; // the process is gone
  }
}

/** Reads `VmRSS` of each process every `intervalMs` until stopped; a gone process adds nothing. */
export function sampleRss(pids: readonly number[], intervalMs = 1000): RssSampler {
  const samples: number[][] = pids.map(() => []);
  const timer = setInterval(() => {
    pids.forEach((pid, index) => {
      void rssMiB(pid).then((value) => {
        if (value !== undefined) samples[index]?.push(value);
      });
    });
  }, intervalMs);
  return { samples, stop: () => clearInterval(timer) };
}
