import { parentPort } from 'node:worker_threads';
import {
  readSkillMarkdownUpload,
  readSkillPackage,
  writeSkillPackage,
} from '@skillset/core/authoring';
import type { PackageTask } from './package-task.ts';

// The worker thread of package-pool.ts: ZIP reading and writing, never on the server's event loop.
parentPort?.on('message', ({ id, task }: { id: number; task: PackageTask }) => {
  try {
    if (task.kind === 'read') {
      const result =
        task.format === 'zip'
          ? readSkillPackage(task.bytes, { limits: task.limits })
          : readSkillMarkdownUpload(task.bytes, { limits: task.limits });
      const transfer = result.ok
        ? result.files.map((file) => file.bytes.buffer as ArrayBuffer)
        : [];
      parentPort?.postMessage({ id, result }, [...new Set(transfer)]);
      return;
    }
    const zip = writeSkillPackage(task.options);
    parentPort?.postMessage({ id, result: zip }, [zip.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
