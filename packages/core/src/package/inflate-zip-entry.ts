import { Inflate } from 'fflate';
import type { SkillIssue } from '../skill/skill-issue.ts';
import { concatBytes } from './concat-bytes.ts';
import { crc32 } from './crc32.ts';
import { createPackageIssue } from './package-issue-codes.ts';
import type { ZipDirectoryEntry } from './read-zip-directory.ts';
import { METHOD_STORED } from './zip-constants.ts';

/** An entry's unpacked bytes, or why they could not be trusted. */
export type InflateZipEntryResult =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; issue: SkillIssue };

/** Compressed bytes fed to the inflater at a time: deflate expands at most ~1,032:1, so one step yields at most ~4 MiB. */
const INPUT_CHUNK_BYTES = 4096;

function failure(
  entry: ZipDirectoryEntry,
  code: 'corrupt_entry' | 'size_mismatch',
  reason: string,
): InflateZipEntryResult {
  return {
    ok: false,
    issue: createPackageIssue(
      code,
      'error',
      `Entry ${JSON.stringify(entry.name)} ${reason}; the ZIP is damaged or forged — re-create it.`,
      entry.name,
    ),
  };
}

/**
 * Unpacks one entry's stored data, stopping as soon as the output passes the size the central
 * directory declared, and checks the size and CRC-32.
 */
export function inflateZipEntry(data: Uint8Array, entry: ZipDirectoryEntry): InflateZipEntryResult {
  const expected = entry.uncompressedSize;
  let output: Uint8Array;
  if (entry.method === METHOD_STORED) {
    output = new Uint8Array(data);
  } else {
    const chunks: Uint8Array[] = [];
    let total = 0;
    let overflow = false;
    const inflater = new Inflate((chunk) => {
      total += chunk.length;
      if (total > expected) overflow = true;
      else chunks.push(chunk);
    });
    try {
      let offset = 0;
      do {
        const next = Math.min(offset + INPUT_CHUNK_BYTES, data.length);
        inflater.push(data.subarray(offset, next), next === data.length);
        offset = next;
      } while (offset < data.length && !overflow);
    } catch (error) {
      if (!overflow) {
        const detail = error instanceof Error ? error.message : String(error);
        return failure(entry, 'corrupt_entry', `could not be decompressed (${detail})`);
      }
    }
    if (overflow) {
      return failure(
        entry,
        'size_mismatch',
        `unpacks to more than the ${expected} bytes its header declares (stopped at ${total})`,
      );
    }
    output = concatBytes(chunks);
  }
  if (output.length !== expected) {
    return failure(
      entry,
      'size_mismatch',
      `unpacks to ${output.length} bytes but its header declares ${expected}`,
    );
  }
  if (crc32(output) !== entry.crc) return failure(entry, 'corrupt_entry', 'fails its CRC-32 check');
  return { ok: true, bytes: output };
}
