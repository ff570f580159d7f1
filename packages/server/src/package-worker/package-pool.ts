import { Worker } from 'node:worker_threads';
import type {
  ReadSkillPackageResult,
  SkillLimits,
  WriteSkillPackageOptions,
} from '@skillset/core/authoring';
import type { PackageTask } from './package-task.ts';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  worker = undefined;
}

/** V8's heap flags are the process's (`skillset serve` sets some); a worker refuses them in `execArgv`. */
const PROCESS_ONLY_FLAG = /^--(max-semi-space-size|max-old-space-size|heap-growing-percent)\b/;

/** The package worker, started on first use; from sources (`.ts`) it resolves packages to sources too. */
function start(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const execArgv = process.execArgv.filter((flag) => !PROCESS_ONLY_FLAG.test(flag));
  const started = new Worker(
    new URL(`./package-worker${fromSource ? '.ts' : '.js'}`, import.meta.url),
    { execArgv: fromSource ? [...execArgv, '--conditions=source'] : execArgv },
  );
  started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const waiting = pending.get(message.id);
    if (waiting === undefined) return;
    pending.delete(message.id);
    if (message.error === undefined) waiting.resolve(message.result);
    else waiting.reject(new Error(message.error));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) =>
    failAll(new Error(`the package worker stopped (exit code ${code})`)),
  );
  // Idle, the worker does not keep the process alive.
  started.unref();
  return started;
}

function run<Result>(task: PackageTask, transfer: ArrayBuffer[]): Promise<Result> {
  worker ??= start();
  const id = nextId++;
  const running = worker;
  running.ref();
  return new Promise<Result>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    running.postMessage({ id, task }, transfer);
  }).finally(() => {
    if (pending.size === 0) running.unref();
  });
}

/**
 * Reads an uploaded ZIP or `SKILL.md` with core's checks, in a worker thread so that no upload
 * blocks the event loop; the bytes are moved to the worker, not copied.
 */
export function readPackageOffThread(
  format: 'zip' | 'markdown',
  bytes: Uint8Array,
  limits: Partial<SkillLimits>,
): Promise<ReadSkillPackageResult> {
  // Only a view of a whole buffer of its own may be moved; anything else is copied first.
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return run({ kind: 'read', format, bytes: own, limits }, [own.buffer as ArrayBuffer]);
}

/** Writes a skill's ZIP in the worker thread. */
export function writePackageOffThread(options: WriteSkillPackageOptions): Promise<Uint8Array> {
  return run({ kind: 'write', options }, []);
}
