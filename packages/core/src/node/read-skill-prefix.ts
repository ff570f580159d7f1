import { readSync } from 'node:fs';
import { frontmatterLength } from '../format/frontmatter-length.ts';

const FIRST_CHUNK_BYTES = 4096;
const scratch = Buffer.allocUnsafe(FIRST_CHUNK_BYTES);
const FENCE = Buffer.from('\n---');

/** Options for {@link readSkillPrefix}. */
export interface ReadSkillPrefixOptions {
  /** An open file descriptor of a `SKILL.md`. */
  fd: number;
  /** The file's size in bytes. */
  size: number;
  /** Stop growing the prefix past this many bytes (the `SKILL.md` size limit). */
  maxBytes: number;
}

/** The text of a `SKILL.md` through its frontmatter, and how many bytes were read to get it. */
export interface ReadSkillPrefixResult {
  text: string;
  bytesRead: number;
}

/** Reads a `SKILL.md` from the start in growing chunks (4 KiB first) until its frontmatter closes. */
export function readSkillPrefix(options: ReadSkillPrefixOptions): ReadSkillPrefixResult {
  const { fd, size, maxBytes } = options;
  let buffer = scratch;
  let wanted = Math.min(size, FIRST_CHUNK_BYTES);
  let filled = readInto(fd, buffer, 0, wanted);
  for (;;) {
    const quick = decodeThroughFence(buffer, filled);
    if (quick !== undefined) return { text: quick, bytesRead: filled };
    const text = buffer.toString('utf8', 0, filled);
    const ended = filled < wanted || filled >= size || filled >= maxBytes;
    if (ended) return { text, bytesRead: filled };
    const length = frontmatterLength(text);
    if (length !== undefined) {
      // A fresh string: substrings of a slice would keep the whole chunk alive.
      const end = Buffer.byteLength(text.slice(0, length));
      return { text: buffer.toString('utf8', 0, end), bytesRead: filled };
    }
    const grown = Buffer.allocUnsafe(Math.min(size, maxBytes, filled * 4));
    buffer.copy(grown, 0, 0, filled);
    buffer = grown;
    wanted = buffer.length;
    filled = readInto(fd, buffer, filled, wanted);
  }
}

/**
 * Decodes only the bytes through the first `\n---` line when that closes the frontmatter, which
 * avoids decoding the rest of the chunk; undefined when the fast check does not apply.
 */
function decodeThroughFence(buffer: Buffer, filled: number): string | undefined {
  const fence = buffer.indexOf(FENCE, 3);
  if (fence === -1 || fence >= filled) return undefined;
  const newline = buffer.indexOf(10, fence + FENCE.length);
  if (newline === -1 || newline >= filled) return undefined;
  const text = buffer.toString('utf8', 0, newline + 1);
  return frontmatterLength(text) === text.length ? text : undefined;
}

/** Fills `buffer` from byte `from` to `to` (file offsets equal buffer offsets); stops early at EOF. */
function readInto(fd: number, buffer: Buffer, from: number, to: number): number {
  let offset = from;
  while (offset < to) {
    const bytes = readSync(fd, buffer, offset, to - offset, offset);
    if (bytes === 0) break;
    offset += bytes;
  }
  return offset;
}
