import { forgeZip, forgeZipEntry } from '@skillset/core/test';
import type { TestApp } from '@skillset/server/test';
import { blobs, skills, skillVersions } from '@skillset/store/test';
import { count } from 'drizzle-orm';

/** One entry of a test ZIP, with a string or bytes as content. */
export interface TestZipEntry {
  name: string;
  content?: string | Uint8Array;
  /** Deflate the data (default) or store it. */
  compress?: boolean;
  /** External attributes; default a regular Unix file with mode 0644. */
  externalAttributes?: number;
}

const encoder = new TextEncoder();

/** Builds a ZIP archive from entries in the order given (duplicates and odd names allowed). */
export function buildTestZip(entries: readonly TestZipEntry[]): Uint8Array {
  return forgeZip(
    entries.map((entry) => ({
      ...forgeZipEntry({
        name: entry.name,
        bytes:
          typeof entry.content === 'string'
            ? encoder.encode(entry.content)
            : (entry.content ?? new Uint8Array()),
        ...(entry.compress === undefined ? {} : { compress: entry.compress }),
      }),
      ...(entry.externalAttributes === undefined
        ? {}
        : { externalAttributes: entry.externalAttributes }),
    })),
  );
}

/** A minimal valid `SKILL.md`. */
export function skillText(
  name: string,
  description = `The ${name} skill.`,
  body = 'Do it.\n',
): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
}

/** How many skills, versions and blobs the store holds: proof that a refusal wrote nothing. */
export async function countRows(server: TestApp) {
  const database = server.store.database;
  const [skillRows] = await database.select({ value: count() }).from(skills);
  const [versionRows] = await database.select({ value: count() }).from(skillVersions);
  const [blobRows] = await database.select({ value: count() }).from(blobs);
  return { skills: skillRows?.value, versions: versionRows?.value, blobs: blobRows?.value };
}

/** Creates a workspace skill through the API and returns the response body. */
export async function createSkill(
  server: TestApp,
  content: string,
  options: { token?: string; scope?: string } = {},
) {
  const response = await server.request('POST', '/api/skills', {
    token: options.token ?? server.owner.token,
    json: { content, ...(options.scope === undefined ? {} : { scope: options.scope }) },
  });
  if (response.status !== 201)
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { name: string; version: number; scope: string };
}

/** Uploads bytes to `/api/skills/upload` with a content type. */
export function upload(
  server: TestApp,
  bytes: Uint8Array | string,
  options: { token?: string; type?: string; query?: string } = {},
) {
  return server.request('POST', `/api/skills/upload${options.query ?? ''}`, {
    token: options.token ?? server.owner.token,
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
    headers: { 'content-type': options.type ?? 'application/zip' },
  });
}
