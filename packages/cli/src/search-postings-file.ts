import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InvertedIndex } from '@skillset/core';

type Postings = InvertedIndex['postings'];

/** What the file holds: the postings, and the skills' mean word vector when the index had one. */
export interface PersistedSearchIndex {
  postings: Postings;
  vectorMean?: Float32Array;
}

const magic = 'skillset-search-postings 2';

/**
 * Reads what {@link writeSearchPostingsFile} wrote for `fingerprint`; undefined when the file is
 * missing, damaged or was written for another skill set (docs/decisions/0092).
 */
export function readSearchPostingsFile(options: {
  file: string;
  fingerprint: string;
}): PersistedSearchIndex | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(options.file);
  } catch {
    return undefined;
  }
  const headerEnd = bytes.indexOf(10);
  if (headerEnd < 0 || headerEnd > 512) return undefined;
  const [name, version, fingerprint, termText, postingText, termBytesText, meanText] = bytes
    .toString('latin1', 0, headerEnd)
    .split(' ');
  if (`${name} ${version}` !== magic || fingerprint !== options.fingerprint) return undefined;
  const termCount = Number(termText);
  const postingCount = Number(postingText);
  const termBytes = Number(termBytesText);
  const meanLength = Number(meanText);
  const start = (headerEnd + 4) & ~3;
  const numbersLength = 4 * (termCount + 1 + 2 * postingCount + meanLength);
  if (
    ![termCount, postingCount, termBytes, meanLength].every(
      (count) => Number.isSafeInteger(count) && count >= 0,
    ) ||
    start + numbersLength + termBytes !== bytes.length
  ) {
    return undefined;
  }
  // Typed-array views need 4-byte alignment of the underlying buffer.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  const base = aligned.byteOffset + start;
  const offsets = new Int32Array(aligned.buffer, base, termCount + 1);
  const documents = new Int32Array(aligned.buffer, base + 4 * (termCount + 1), postingCount);
  const impacts = new Float32Array(
    aligned.buffer,
    base + 4 * (termCount + 1 + postingCount),
    postingCount,
  );
  const vectorMean = new Float32Array(
    aligned.buffer,
    base + 4 * (termCount + 1 + 2 * postingCount),
    meanLength,
  );
  const terms =
    termCount === 0
      ? []
      : aligned
          .toString('utf8', start + numbersLength, start + numbersLength + termBytes)
          .split('\n');
  if (terms.length !== termCount || offsets[termCount] !== postingCount) return undefined;
  const postings: Postings = new Map();
  for (let term = 0; term < termCount; term++) {
    const from = offsets[term] as number;
    const to = offsets[term + 1] as number;
    postings.set(terms[term] as string, {
      documents: documents.subarray(from, to),
      impacts: impacts.subarray(from, to),
    });
  }
  return meanLength === 0 ? { postings } : { postings, vectorMean };
}

/**
 * Writes postings as one header line, then term offsets, documents, impacts and the vector mean
 * as 32-bit arrays, then the terms one per line: loading it is one read and no JSON
 * (docs/decisions/0092).
 */
export function writeSearchPostingsFile(
  options: PersistedSearchIndex & { file: string; fingerprint: string },
): void {
  const { file, fingerprint, postings } = options;
  const vectorMean = options.vectorMean ?? new Float32Array(0);
  const termCount = postings.size;
  let postingCount = 0;
  for (const posting of postings.values()) postingCount += posting.documents.length;
  const offsets = new Int32Array(termCount + 1);
  const documents = new Int32Array(postingCount);
  const impacts = new Float32Array(postingCount);
  const terms: string[] = [];
  let at = 0;
  let term = 0;
  for (const [text, posting] of postings) {
    offsets[term++] = at;
    documents.set(posting.documents, at);
    impacts.set(posting.impacts, at);
    at += posting.documents.length;
    terms.push(text);
  }
  offsets[termCount] = at;
  const termBytes = Buffer.from(terms.join('\n'), 'utf8');
  const header = `${magic} ${fingerprint} ${termCount} ${postingCount} ${termBytes.length} ${vectorMean.length}\n`;
  const padded = Buffer.alloc((header.length + 4) & ~3, 32);
  padded.write(header, 'latin1');
  // Keep the newline last so the arrays start 4-aligned right after it.
  padded[header.length - 1] = 32;
  padded[padded.length - 1] = 10;
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      temporary,
      Buffer.concat([
        padded,
        new Uint8Array(offsets.buffer),
        new Uint8Array(documents.buffer),
        new Uint8Array(impacts.buffer),
        new Uint8Array(vectorMean.buffer, vectorMean.byteOffset, vectorMean.byteLength),
        termBytes,
      ]),
    );
    renameSync(temporary, file);
  } catch {
    // A file that cannot be written costs the next search time, not its answer.
    rmSync(temporary, { force: true });
  }
}
