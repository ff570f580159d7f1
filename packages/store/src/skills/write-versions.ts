import { randomUUID } from 'node:crypto';
import type { StoreDatabase } from '../database/store-database.ts';
import { blobs } from '../schema/blobs.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { versionFiles } from '../schema/version-files.ts';
import type { PreparedContent } from './prepare-skill-content.ts';

/** A version to insert. */
export interface NewVersion {
  skillId: string;
  number: number;
  content: PreparedContent;
  message: string | null;
  createdBy: string | null;
  /** Written as a proposal waiting for review. */
  proposed?: boolean;
}

const ROWS_PER_STATEMENT = 500;
const BYTES_PER_STATEMENT = 8 * 1024 * 1024;

function chunk<Item>(items: readonly Item[], size: (item: Item) => number = () => 0): Item[][] {
  const chunks: Item[][] = [];
  let current: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    const itemBytes = size(item);
    if (
      current.length > 0 &&
      (current.length >= ROWS_PER_STATEMENT || bytes + itemBytes > BYTES_PER_STATEMENT)
    ) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += itemBytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Inserts versions with their files, storing each new blob once (existing hashes are skipped). */
export async function writeVersions(
  database: StoreDatabase,
  versions: readonly NewVersion[],
): Promise<void> {
  const newBlobs = new Map<string, Uint8Array>();
  const versionRows: (typeof skillVersions.$inferInsert)[] = [];
  const fileRows: (typeof versionFiles.$inferInsert)[] = [];
  for (const version of versions) {
    const id = randomUUID();
    const { content } = version;
    versionRows.push({
      id,
      skillId: version.skillId,
      number: version.number,
      hash: content.hash,
      skillMd: content.skillMd,
      manifest: content.manifest,
      description: content.description,
      tags: content.tags,
      category: content.category,
      searchText: content.searchText,
      message: version.message,
      createdBy: version.createdBy,
      reviewState: version.proposed === true ? 'proposed' : null,
    });
    for (const file of content.files) {
      if (file.content !== undefined) newBlobs.set(file.hash, file.content);
      fileRows.push({
        versionId: id,
        path: file.path,
        blobHash: file.hash,
        size: file.size,
        mime: file.mime,
      });
    }
  }
  const blobRows = [...newBlobs].map(([hash, content]) => ({
    hash,
    content,
    size: content.byteLength,
  }));
  for (const rows of chunk(blobRows, (row) => row.size)) {
    await database.insert(blobs).values(rows).onConflictDoNothing();
  }
  for (const rows of chunk(versionRows, (row) => row.skillMd.length * 2)) {
    await database.insert(skillVersions).values(rows);
  }
  for (const rows of chunk(fileRows)) {
    await database.insert(versionFiles).values(rows);
  }
}
