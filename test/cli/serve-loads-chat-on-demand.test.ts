import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { skillsetBin } from '../support/skillset-bin.ts';

const adminToken = `sks_lazychat${randomBytes(16).toString('hex')}`;
const RECORDER = path.join(import.meta.dirname, '..', 'support', 'record-module-loads.mjs');
const AI_SDK = '/node_modules/(ai|@ai-sdk/[^/]+)/';

/** Starts `skillset serve` recording which AI SDK modules it loads; resolves once it listens. */
async function serve(dataDir: string, recordFile: string) {
  const child: ChildProcess = spawn(process.execPath, [skillsetBin, 'serve', '--port', '0'], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      NO_COLOR: '1',
      SKILLSET_DATA_DIR: dataDir,
      SKILLSET_ADMIN_TOKEN: adminToken,
      NODE_OPTIONS: `--import ${RECORDER}`,
      RECORD_MODULE_LOADS_PATTERN: AI_SDK,
      RECORD_MODULE_LOADS_FILE: recordFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /Skillset is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (found && output.includes('Press Ctrl+C')) resolve(found);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(([code]) => reject(new Error(`skillset serve exited (${code}):\n${output}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { url, stop };
}

const loaded = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');

describe('skillset serve loads the agent and the AI SDK on demand', () => {
  it('serves the catalog without them and loads them for the first chat request', async () => {
    await using dataDir = await createTempDir();
    const recordFile = path.join(dataDir.path, 'ai-sdk-loads.txt');
    const server = await serve(dataDir.path, recordFile);
    try {
      const headers = { authorization: `Bearer ${adminToken}` };
      const catalog = await fetch(`${server.url}/api/skills/prompt`, { headers });
      expect(catalog.status).toBe(200);
      expect(loaded(recordFile)).toBe('');

      const prompt = await fetch(`${server.url}/api/chat/prompt?message=hello`, { headers });
      expect(prompt.status).toBe(200);
      expect(loaded(recordFile)).toMatch(/node_modules\/ai\//);
    } finally {
      await server.stop();
    }
  });
});
