import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './shared-dir.ts';

const run = promisify(execFile);
const inspectorDir = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'inspector');

/** What one `inspector --cli` run printed (stdout: results and reports, stderr: summaries) and its exit code. */
export interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the MCP Inspector's CLI (`inspector --cli <args>`) as a person would. */
export async function runInspector(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<InspectorRun> {
  const manifest = JSON.parse(await readFile(join(inspectorDir, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  const launcher = join(inspectorDir, manifest.bin.inspector ?? '');
  try {
    const { stdout, stderr } = await run(process.execPath, [launcher, '--cli', ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
