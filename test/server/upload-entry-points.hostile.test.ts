import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { hostileZipEntries } from '../support/hostile-zip-entries.ts';
import { buildTestZip, countRows, createSkill, skillText } from './skills-test-support.ts';

/**
 * Every hostile ZIP is tried through every upload entry point of the API (new skill, new version
 * of an existing skill, and their dry runs): refused with a 4xx, nothing stored, no file written
 * anywhere on the disk, the existing skill unchanged.
 */
const ESCAPE = `zq4-escape-${process.pid}`;
const HOSTILE = hostileZipEntries(ESCAPE);

function send(server: TestApp, url: string, bytes: Uint8Array, ifMatch?: string) {
  return server.request('POST', url, {
    token: server.owner.token,
    body: new Uint8Array(bytes),
    headers: {
      'content-type': 'application/zip',
      ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
    },
  });
}

describe('hostile ZIPs through every upload entry point', () => {
  it(`refuses ${Object.keys(HOSTILE).length} hostile packages on 4 routes, storing and writing nothing`, async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('demo', 'Version one.'));
    const before = await countRows(server);
    const entryPoints = [
      { url: '/api/skills/upload', dryRun: false },
      { url: '/api/skills/upload?dry_run=true', dryRun: true },
      { url: '/api/skills/demo/upload', dryRun: false, ifMatch: '"1"' },
      { url: '/api/skills/demo/upload?dry_run=true', dryRun: true },
    ];
    for (const [label, entries] of Object.entries(HOSTILE)) {
      const zip = buildTestZip(entries);
      for (const entryPoint of entryPoints) {
        const response = await send(server, entryPoint.url, zip, entryPoint.ifMatch);
        const text = await response.text();
        const where = `${label} → POST ${entryPoint.url}: ${response.status} ${text.slice(0, 300)}`;
        if (entryPoint.dryRun && response.status === 200) {
          // A preview may describe a refused package; it must say it cannot be saved.
          expect((JSON.parse(text) as { valid: boolean }).valid, where).toBe(false);
        } else {
          expect(response.status, where).toBeGreaterThanOrEqual(400);
          expect(response.status, where).toBeLessThan(500);
        }
        expect(text, where).not.toContain('root:x:0:0');
      }
    }
    expect(await countRows(server)).toEqual(before);
    const demo = await server.request('GET', '/api/skills/demo', { token: server.owner.token });
    expect(await demo.json()).toMatchObject({ version: 1, description: 'Version one.', files: [] });
    for (const folder of [tmpdir(), process.cwd(), path.dirname(process.cwd()), '/tmp', '/']) {
      expect(existsSync(path.join(folder, ESCAPE)), folder).toBe(false);
    }
  });
});
