import type { SkillIssue } from '@skillset/core';
import { readSkillPackage, writeSkillPackage } from '@skillset/core/authoring';
import type { SkillCandidate } from '../install/skill-candidate.ts';
import { computeContentDigest } from './compute-content-digest.ts';

/** A skill packed for upload, with the digest the server will give it. */
export interface PushPackage {
  /** The ZIP: one folder named after the skill. */
  zip: Uint8Array;
  /** The content digest of what the server reads from the ZIP. */
  digest: string;
}

/** What packing refused: the issues the server would refuse the upload with. */
export interface PushPackageRefusal {
  issues: SkillIssue[];
}

const encoder = new TextEncoder();

/**
 * Packs a valid skill as `skillset pack` does and reads the ZIP back as the server reads an
 * upload, so the digest is that of what the server stores (and a package it would refuse is
 * refused here, before anything is sent).
 */
export function packagePushSkill(candidate: SkillCandidate): PushPackage | PushPackageRefusal {
  const zip = writeSkillPackage({
    folderName: candidate.name,
    files: [{ path: 'SKILL.md', bytes: candidate.skillBytes }, ...candidate.files],
  });
  const read = readSkillPackage(zip);
  if (!read.ok) return { issues: read.issues };
  const digest = computeContentDigest([
    { path: 'SKILL.md', bytes: encoder.encode(read.skillText) },
    ...read.files.map((file) => ({ path: file.path, bytes: file.bytes })),
  ]);
  return { zip, digest };
}
