import type { SkillIssue } from '../skill/skill-issue.ts';
import { createPackageIssue } from './package-issue-codes.ts';
import type { ZipDirectoryEntry } from './read-zip-directory.ts';
import { LOCAL_HEADER_LENGTH, LOCAL_HEADER_SIGNATURE } from './zip-constants.ts';

/** Where an entry's stored data lies in the archive, from its local header. */
export type LocateEntryDataResult =
  | { ok: true; headerStart: number; dataStart: number; dataEnd: number }
  | { ok: false; issue: SkillIssue };

function corrupt(entry: ZipDirectoryEntry, reason: string): LocateEntryDataResult {
  return {
    ok: false,
    issue: createPackageIssue(
      'corrupt_entry',
      'error',
      `Entry ${JSON.stringify(entry.name)} is damaged: ${reason}; re-create the ZIP.`,
      entry.name,
    ),
  };
}

function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/** Reads an entry's local header and checks it agrees with the central directory. */
export function locateEntryData(
  bytes: Uint8Array,
  entry: ZipDirectoryEntry,
  directoryStart: number,
): LocateEntryDataResult {
  const headerStart = entry.localHeaderOffset;
  if (headerStart + LOCAL_HEADER_LENGTH > directoryStart) {
    return corrupt(entry, 'its local header lies outside the archive data');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(headerStart, true) !== LOCAL_HEADER_SIGNATURE) {
    return corrupt(entry, 'its local header has a bad signature');
  }
  if (view.getUint16(headerStart + 8, true) !== entry.method) {
    return corrupt(entry, 'its local header names a different compression method');
  }
  const nameLength = view.getUint16(headerStart + 26, true);
  const extraLength = view.getUint16(headerStart + 28, true);
  const nameStart = headerStart + LOCAL_HEADER_LENGTH;
  const dataStart = nameStart + nameLength + extraLength;
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > directoryStart) return corrupt(entry, 'its data runs past the end of the archive');
  if (!sameBytes(bytes.subarray(nameStart, nameStart + nameLength), entry.rawName)) {
    return corrupt(entry, 'its local header carries a different name than the central directory');
  }
  return { ok: true, headerStart, dataStart, dataEnd };
}
