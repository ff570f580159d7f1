import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateEligibility } from '../policy/evaluate-eligibility.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { createNodePolicyEnvironment } from './create-node-policy-environment.ts';
import { createBinaryProbe, findBinary } from './probe-binaries.ts';

async function writeExecutable(file: string, mode = 0o755): Promise<void> {
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, mode);
}

describe.runIf(process.platform !== 'win32')('findBinary', () => {
  it('finds an executable file in the first folder of the path that has it', async () => {
    await using first = await createTempDir();
    await using second = await createTempDir();
    await writeExecutable(path.join(second.path, 'tool'));
    const searchPath = [first.path, '', second.path].join(path.delimiter);
    expect(findBinary('tool', { searchPath })).toBe(path.join(second.path, 'tool'));
  });

  it('ignores files without the execute bit, folders and missing names', async () => {
    await using dir = await createTempDir();
    await writeExecutable(path.join(dir.path, 'plain'), 0o644);
    await mkdir(path.join(dir.path, 'folder'));
    for (const name of ['plain', 'folder', 'missing', '']) {
      expect(findBinary(name, { searchPath: dir.path })).toBeUndefined();
    }
  });

  it('checks a name with a slash as a path', async () => {
    await using dir = await createTempDir();
    const tool = path.join(dir.path, 'tool');
    await writeExecutable(tool);
    expect(findBinary(tool, { searchPath: '' })).toBe(tool);
    expect(findBinary(path.join(dir.path, 'nope'), { searchPath: '' })).toBeUndefined();
  });

  it('tries PATHEXT extensions and skips the execute bit on Windows', async () => {
    await using dir = await createTempDir();
    await writeExecutable(path.join(dir.path, 'tool.cmd'), 0o644);
    const options = { searchPath: dir.path, platform: 'win32', pathExtensions: '.EXE;.CMD' };
    expect(findBinary('tool', options)).toBe(path.join(dir.path, 'tool.cmd'));
    expect(findBinary('tool.cmd', options)).toBe(path.join(dir.path, 'tool.cmd'));
    expect(findBinary('other', options)).toBeUndefined();
  });

  it('finds sh on the real PATH of this machine', () => {
    expect(findBinary('sh')).toBeDefined();
  });
});

describe.runIf(process.platform !== 'win32')('createBinaryProbe', () => {
  it('remembers answers until cleared', async () => {
    await using dir = await createTempDir();
    const probe = createBinaryProbe({ searchPath: dir.path });
    expect(probe('late')).toBe(false);
    await writeExecutable(path.join(dir.path, 'late'));
    expect(probe('late')).toBe(false);
    probe.clear();
    expect(probe('late')).toBe(true);
  });
});

describe.runIf(process.platform !== 'win32')('createNodePolicyEnvironment', () => {
  it('probes the PATH of the given env for eligibility', async () => {
    await using dir = await createTempDir();
    await writeExecutable(path.join(dir.path, 'gh'));
    const environment = createNodePolicyEnvironment({
      env: { PATH: dir.path, GITHUB_TOKEN: 't' },
      platform: 'linux',
      configKeys: ['github.org'],
    });
    const result = evaluateEligibility(
      { bins: ['gh', 'jq'], env: ['GITHUB_TOKEN'], config: ['github.org'], os: ['linux'] },
      environment,
    );
    expect(result.missing).toEqual({ bins: ['jq'], anyBins: [], env: [], config: [], os: [] });
  });

  it('defaults to this process', () => {
    const environment = createNodePolicyEnvironment();
    expect(environment.platform).toBe(process.platform);
    expect(environment.hasBinary('sh')).toBe(true);
  });
});
