import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import {
  buildTestZip,
  countRows,
  createSkill,
  skillText,
  type TestZipEntry,
} from './skills-test-support.ts';

/**
 * Every hostile ZIP is tried through every upload entry point of the API (new skill, new version
 * of an existing skill, and their dry runs): refused with a 4xx, nothing stored, no file written
 * anywhere on the disk, the existing skill unchanged.
 */
const ESCAPE = `zq4-escape-${process.pid}`;
const SKILL: TestZipEntry = { name: 'demo/SKILL.md', content: skillText('demo', 'Version two.') };
const SYMLINK = 0o120777 * 0x10000;

const HOSTILE: Record<string, TestZipEntry[]> = {
  'zip-slip': [SKILL, { name: `../${ESCAPE}`, content: 'x' }],
  'zip-slip inside the folder': [SKILL, { name: `demo/../../${ESCAPE}`, content: 'x' }],
  'backslash zip-slip': [SKILL, { name: `demo\\..\\..\\${ESCAPE}`, content: 'x' }],
  'absolute path': [SKILL, { name: `/tmp/${ESCAPE}`, content: 'x' }],
  'drive letter': [SKILL, { name: `C:/${ESCAPE}`, content: 'x' }],
  'symbolic link to /etc/passwd': [
    SKILL,
    { name: 'demo/passwd', content: '/etc/passwd', externalAttributes: SYMLINK },
  ],
  'symbolic link to a parent folder': [
    SKILL,
    { name: 'demo/up', content: '../..', externalAttributes: SYMLINK },
  ],
  'SKILL.md as a symbolic link': [
    { name: 'demo/SKILL.md', content: '/etc/passwd', externalAttributes: SYMLINK },
  ],
  'link then a file through it': [
    SKILL,
    { name: 'demo/out', content: '/tmp', externalAttributes: SYMLINK },
    { name: `demo/out/${ESCAPE}`, content: 'x' },
  ],
  'NUL in a name': [SKILL, { name: 'demo/a\u0000.md', content: 'x' }],
  'device entry': [SKILL, { name: 'demo/fifo', externalAttributes: 0o010644 * 0x10000 }],
  'path of 6,000 characters': [SKILL, { name: `demo/${'a'.repeat(6000)}`, content: 'x' }],
  'path of 3,000 levels': [SKILL, { name: `demo/${'a/'.repeat(3000)}x.md`, content: 'x' }],
  'case-insensitive duplicate': [
    SKILL,
    { name: 'demo/Notes.md', content: 'a' },
    { name: 'demo/notes.md', content: 'b' },
  ],
};

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
