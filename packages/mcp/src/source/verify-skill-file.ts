import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { readVerbatimFrontmatter } from '../skills-extension/read-verbatim-frontmatter.ts';
import type { SkillResourceRef } from './lenient-skill-schemas.ts';

/** What a read file is: its digest and size. */
export interface SkillFileFacts {
  digest: string;
  size: number;
}

/** The digest and size of `bytes`, in the form skill entries use. */
export function describeSkillFile(bytes: Uint8Array): SkillFileFacts {
  return {
    digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
    size: bytes.byteLength,
  };
}

/** True when `bytes` have the size and digest of the entry's file (SEP-2640 "Verification on Read"). */
export function matchesSkillResource(bytes: Uint8Array, expected: SkillResourceRef): boolean {
  if (bytes.byteLength !== expected.size) return false;
  return describeSkillFile(bytes).digest === expected.digest;
}

/**
 * Compares the frontmatter of a fetched `SKILL.md` with the entry's, field by field, reading it as the
 * serving side does; returns the first field that differs (or why it cannot be read), undefined when equal.
 */
export function findFrontmatterDifference(
  bytes: Uint8Array,
  expected: Readonly<Record<string, unknown>>,
): string | undefined {
  const read = readVerbatimFrontmatter(bytes);
  if (!read.ok) return read.reason;
  const actual: Record<string, unknown> = read.frontmatter;
  const fields = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  for (const field of fields) {
    if (!sameValue(actual[field], expected[field])) return `field "${field}"`;
  }
  return undefined;
}

/** Deep equality that also accepts a scalar the entry renders as text (`1.0` read as "1.0"). */
function sameValue(mine: unknown, theirs: unknown): boolean {
  if (isDeepStrictEqual(mine, theirs)) return true;
  if (Array.isArray(mine) && Array.isArray(theirs)) {
    return (
      mine.length === theirs.length && mine.every((item, index) => sameValue(item, theirs[index]))
    );
  }
  if (isRecord(mine) && isRecord(theirs)) {
    const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
    return [...keys].every((key) => sameValue(mine[key], theirs[key]));
  }
  const scalar = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  return scalar(mine) && scalar(theirs) && String(mine) === String(theirs);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
