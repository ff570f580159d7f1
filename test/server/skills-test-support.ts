import { crc32, deflateRawSync } from 'node:zlib';
import { blobs, skills, skillVersions } from '@skillset/store';
import { count } from 'drizzle-orm';
import type { TestApp } from '../../packages/server/src/test-support/create-test-app.ts';

/** One entry of a hand-built ZIP; every header value can lie, to build hostile archives. */
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
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = Buffer.from(
      typeof entry.content === 'string'
        ? encoder.encode(entry.content)
        : (entry.content ?? new Uint8Array()),
    );
    const deflated = entry.compress === false ? undefined : deflateRawSync(raw, { level: 9 });
    const useDeflate = deflated !== undefined && deflated.length < raw.length;
    const data = useDeflate ? deflated : raw;
    const method = useDeflate ? 8 : 0;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(33, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(33, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((entry.externalAttributes ?? 0o100644 * 0x10000) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
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
