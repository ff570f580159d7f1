import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeSkillPackage } from '@skillset/core/authoring';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { afterAll, beforeAll } from 'vitest';
import { forEachSpecCase } from '../conformance/spec-cases.ts';

let server: TestApp;

beforeAll(async () => {
  server = await createTestApp();
});

afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

async function listFiles(folder: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory())
      found.push(...(await listFiles(path.join(folder, entry.name), relative)));
    else found.push(relative);
  }
  return found;
}

/**
 * Packs what a folder validator would read as the ZIP a user would upload: the target folder under
 * its own name (a target naming SKILL.md means its folder; `.` resolves to the cwd's name).
 * A target that is a file (up-val-not-a-directory) becomes a package holding just that file, so it
 * has no SKILL.md and is invalid. A folder with both SKILL.md and skill.md (up-parser-prefers-uppercase)
 * keeps only SKILL.md: a ZIP holding both is refused as a case conflict (decision 0014), while the
 * folder validator reads SKILL.md and ignores the other.
 */
async function packTarget(target: string, cwd: string): Promise<Uint8Array> {
  let folder = path.resolve(cwd, target);
  if ((await stat(folder)).isFile()) {
    if (path.basename(folder).toLowerCase() !== 'skill.md') {
      return writeSkillPackage({
        files: [{ path: path.basename(folder), bytes: await readFile(folder) }],
      });
    }
    folder = path.dirname(folder);
  }
  const paths = await listFiles(folder);
  const kept = paths.includes('SKILL.md') ? paths.filter((file) => file !== 'skill.md') : paths;
  const files = await Promise.all(
    kept.map(async (file) => ({ path: file, bytes: await readFile(path.join(folder, file)) })),
  );
  return writeSkillPackage({ folderName: path.basename(folder), files });
}

forEachSpecCase(async (target, cwd) => {
  const response = await server.request('POST', '/api/skills/validate?profile=strict', {
    token: server.owner.token,
    body: new Uint8Array(await packTarget(target, cwd)),
    headers: { 'content-type': 'application/zip' },
  });
  if (response.status !== 200)
    throw new Error(`validate answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { valid: boolean };
}, 'POST /api/skills/validate?profile=strict (Agent Skills conformance through the API)');
