import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import type { SkillResourceRef } from './skills-extension-schemas.ts';

const FRONTMATTER = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/;

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
 * Compares the frontmatter of a fetched `SKILL.md` with the entry's, field by field; returns the first
 * field that differs (or a reason the frontmatter cannot be read), undefined when they agree.
 */
export function findFrontmatterDifference(
  text: string,
  expected: Readonly<Record<string, unknown>>,
): string | undefined {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const block = FRONTMATTER.exec(body);
  if (block === null) return 'the SKILL.md has no frontmatter';
  let actual: unknown;
  try {
    actual = parse(block[1] ?? '');
  } catch {
    return 'the SKILL.md frontmatter is not YAML';
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
    return 'the SKILL.md frontmatter is not a mapping';
  }
  const fields = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  for (const field of fields) {
    const mine = (actual as Record<string, unknown>)[field];
    const theirs = expected[field];
    if (!sameValue(mine, theirs)) return `field "${field}"`;
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
