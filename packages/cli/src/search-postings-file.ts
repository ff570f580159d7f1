import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EmbeddedSkills, InvertedIndex } from '@skillset/core';

type Postings = InvertedIndex['postings'];

/** What the file holds: the postings, and every skill's word-vector embedding when the index had one. */
export interface PersistedSearchIndex {
  postings: Postings;
  embedded?: EmbeddedSkills;
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
  const [name, version, fingerprint, ...countTexts] = bytes
    .toString('latin1', 0, headerEnd)
    .trimEnd()
    .split(' ');
  if (`${name} ${version}` !== magic || fingerprint !== options.fingerprint) return undefined;
  const counts = countTexts.map(Number);
  if (counts.length !== 5 || !counts.every((count) => Number.isSafeInteger(count) && count >= 0)) {
    return undefined;
  }
  const [termCount, postingCount, termBytes, meanLength, matrixLength] = counts as [
    number,
    number,
    number,
    number,
    number,
  ];
  const start = (headerEnd + 4) & ~3;
  const numbersLength = 4 * (termCount + 1 + 2 * postingCount + meanLength + matrixLength);
  if (start + numbersLength + termBytes !== bytes.length) return undefined;
  // Typed-array views need 4-byte alignment of the underlying buffer.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  let at = aligned.byteOffset + start;
  /** The byte offset of the next array of `length` 32-bit numbers. */
  const next = (length: number): number => {
    const offset = at;
    at += 4 * length;
    return offset;
  };
  const offsets = new Int32Array(aligned.buffer, next(termCount + 1), termCount + 1);
  const documents = new Int32Array(aligned.buffer, next(postingCount), postingCount);
  const impacts = new Float32Array(aligned.buffer, next(postingCount), postingCount);
  const mean = new Float32Array(aligned.buffer, next(meanLength), meanLength);
  const matrix = new Float32Array(aligned.buffer, next(matrixLength), matrixLength);
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
  return meanLength === 0 ? { postings } : { postings, embedded: { mean, matrix } };
}

/** The bytes of a typed array's own range (not its whole buffer). */
const bytesOf = (array: Int32Array | Float32Array) =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/**
 * Writes postings as one header line, then term offsets, documents, impacts, the embedding's mean
 * and matrix as 32-bit arrays, then the terms one per line: loading it is one read and no JSON
 * (docs/decisions/0092, 0134).
 */
export function writeSearchPostingsFile(
  options: PersistedSearchIndex & { file: string; fingerprint: string },
): void {
  const { file, fingerprint, postings } = options;
  const mean = options.embedded?.mean ?? new Float32Array(0);
  const matrix = options.embedded?.matrix ?? new Float32Array(0);
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
  const counts = [termCount, postingCount, termBytes.length, mean.length, matrix.length];
  const header = `${magic} ${fingerprint} ${counts.join(' ')}\n`;
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
        ...[offsets, documents, impacts, mean, matrix].map(bytesOf),
        termBytes,
      ]),
    );
    renameSync(temporary, file);
  } catch {
    // A file that cannot be written costs the next search time, not its answer.
    rmSync(temporary, { force: true });
  }
}
