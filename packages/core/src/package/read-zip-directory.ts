import type { SkillIssue } from '../skill/skill-issue.ts';
import { createPackageIssue } from './package-issue-codes.ts';
import {
  CENTRAL_HEADER_LENGTH,
  CENTRAL_HEADER_SIGNATURE,
  END_OF_DIRECTORY_LENGTH,
  END_OF_DIRECTORY_SIGNATURE,
  LOCAL_HEADER_SIGNATURE,
  ZIP64_LOCATOR_SIGNATURE,
} from './zip-constants.ts';

/** One entry of a ZIP central directory, as declared (nothing inflated yet). */
export interface ZipDirectoryEntry {
  /** Position in the central directory, from 0. */
  index: number;
  rawName: Uint8Array;
  /** The name decoded as UTF-8 (invalid bytes replaced; see `nameIsValidUtf8`). */
  name: string;
  nameIsValidUtf8: boolean;
  versionMadeBy: number;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  externalAttributes: number;
  localHeaderOffset: number;
}

/** The central directory of a ZIP, or why the bytes are not a ZIP this reader accepts. */
export type ReadZipDirectoryResult =
  | { ok: true; entries: ZipDirectoryEntry[]; directoryOffset: number }
  | { ok: false; issue: SkillIssue };

const MAX_COMMENT_LENGTH = 0xffff;
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

function notAZip(reason: string): ReadZipDirectoryResult {
  return {
    ok: false,
    issue: createPackageIssue(
      'not_a_zip',
      'error',
      `The upload is not a readable ZIP archive: ${reason}. Upload a .zip of the skill folder or its SKILL.md.`,
    ),
  };
}

function unsupported(feature: string): ReadZipDirectoryResult {
  return {
    ok: false,
    issue: createPackageIssue(
      'unsupported_zip_feature',
      'error',
      `The ZIP uses ${feature}, which is not supported; re-create it as a plain single-file ZIP (for example with "zip -r skill.zip my-skill").`,
    ),
  };
}

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - END_OF_DIRECTORY_LENGTH;
  const first = Math.max(0, last - MAX_COMMENT_LENGTH);
  for (let position = last; position >= first; position--) {
    if (view.getUint32(position, true) !== END_OF_DIRECTORY_SIGNATURE) continue;
    const commentLength = view.getUint16(position + 20, true);
    if (position + END_OF_DIRECTORY_LENGTH + commentLength === view.byteLength) return position;
  }
  return -1;
}

function decodeName(rawName: Uint8Array): { name: string; valid: boolean } {
  try {
    return { name: strictDecoder.decode(rawName), valid: true };
  } catch {
    return { name: lenientDecoder.decode(rawName), valid: false };
  }
}

/** Reads the end record and central directory of a ZIP without touching any entry's data. */
export function readZipDirectory(bytes: Uint8Array): ReadZipDirectoryResult {
  if (bytes.length === 0) return notAZip('the file is empty');
  if (bytes.length < END_OF_DIRECTORY_LENGTH) return notAZip('the file is too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, true);
  if (magic !== LOCAL_HEADER_SIGNATURE && magic !== END_OF_DIRECTORY_SIGNATURE) {
    return notAZip('it does not start with a ZIP signature');
  }
  const end = findEndOfDirectory(view);
  if (end === -1) return notAZip('no end of central directory record was found (truncated file?)');
  if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR_SIGNATURE) {
    return unsupported('ZIP64 records');
  }
  const diskNumber = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const entriesOnDisk = view.getUint16(end + 8, true);
  const entryCount = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (diskNumber !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) {
    return unsupported('several disks (a split archive)');
  }
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    return unsupported('ZIP64 records');
  }
  if (directoryOffset + directorySize !== end) {
    return notAZip('the central directory is not where the end record says it is');
  }

  const entries: ZipDirectoryEntry[] = [];
  let position = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (position + CENTRAL_HEADER_LENGTH > end)
      return notAZip('the central directory is cut short');
    if (view.getUint32(position, true) !== CENTRAL_HEADER_SIGNATURE) {
      return notAZip(`central directory entry ${index + 1} has a bad signature`);
    }
    const nameLength = view.getUint16(position + 28, true);
    const extraLength = view.getUint16(position + 30, true);
    const commentLength = view.getUint16(position + 32, true);
    const next = position + CENTRAL_HEADER_LENGTH + nameLength + extraLength + commentLength;
    if (next > end) return notAZip('the central directory is cut short');
    if (view.getUint16(position + 34, true) !== 0)
      return unsupported('several disks (a split archive)');
    const rawName = bytes.subarray(
      position + CENTRAL_HEADER_LENGTH,
      position + CENTRAL_HEADER_LENGTH + nameLength,
    );
    const { name, valid } = decodeName(rawName);
    const entry: ZipDirectoryEntry = {
      index,
      rawName,
      name,
      nameIsValidUtf8: valid,
      versionMadeBy: view.getUint16(position + 4, true),
      flags: view.getUint16(position + 8, true),
      method: view.getUint16(position + 10, true),
      crc: view.getUint32(position + 16, true),
      compressedSize: view.getUint32(position + 20, true),
      uncompressedSize: view.getUint32(position + 24, true),
      externalAttributes: view.getUint32(position + 38, true),
      localHeaderOffset: view.getUint32(position + 42, true),
    };
    if (
      entry.compressedSize === 0xffffffff ||
      entry.uncompressedSize === 0xffffffff ||
      entry.localHeaderOffset === 0xffffffff
    ) {
      return unsupported('ZIP64 records');
    }
    entries.push(entry);
    position = next;
  }
  if (position !== end) return notAZip('the central directory holds more than the end record says');
  return { ok: true, entries, directoryOffset };
}
