import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { buildTestZip } from '../server/skills-test-support.ts';
import { hostileZipEntries } from '../support/hostile-zip-entries.ts';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';

const ESCAPE = `zq4-add-escape-${process.pid}`;
const HOSTILE = hostileZipEntries(ESCAPE);

describe('skillset add with hostile ZIPs', () => {
  it(`refuses ${Object.keys(HOSTILE).length} hostile packages in both scopes, writing nothing`, async () => {
    await using dir = await createTempDir();
    const project = path.join(dir.path, 'project');
    const home = path.join(dir.path, 'home');
    await mkdir(project);
    await mkdir(home);
    const env = { HOME: home, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    for (const [label, entries] of Object.entries(HOSTILE)) {
      const zip = path.join(dir.path, `${label.replace(/\W+/g, '-')}.zip`);
      await writeFile(zip, buildTestZip(entries));
      for (const scope of ['project', 'personal']) {
        const run = await runSkillset(['add', zip, '--scope', scope, '--force'], {
          cwd: project,
          env,
        });
        const where = `${label} (${scope}): ${run.stderr.slice(0, 300)}`;
        expect(run.exitCode, where).toBe(1);
        expect(run.stderr, where).toMatch(/error/);
        expect(run.stdout + run.stderr, where).not.toContain('root:x:0:0');
      }
    }
    expect(await readdir(project)).toEqual([]);
    expect(await readdir(home)).toEqual([]);
    for (const folder of [tmpdir(), dir.path, project, home, '/tmp', '/']) {
      expect(existsSync(path.join(folder, ESCAPE)), folder).toBe(false);
    }
  });

  it('refuses a zip-slip from a real process with a message naming the entry', async () => {
    await using dir = await createTempDir();
    const zip = path.join(dir.path, 'slip.zip');
    await writeFile(zip, buildTestZip(HOSTILE['zip-slip'] ?? []));
    const run = await spawnSkillset(['add', zip], {
      cwd: dir.path,
      env: { HOME: dir.path, XDG_CACHE_HOME: path.join(dir.path, 'cache') },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`Entry "../${ESCAPE}" has a ".." segment`);
    expect(run.stderr).toContain('nothing was written');
    expect(existsSync(path.join(dir.path, '.claude'))).toBe(false);
    expect(existsSync(path.join(path.dirname(dir.path), ESCAPE))).toBe(false);
  });
});
