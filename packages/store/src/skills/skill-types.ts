import type { SkillManifest } from '@skillset/core';
import type { Actor } from '../repositories/actor.ts';
import type { ReviewState } from '../schema/skill-versions.ts';
import type { StoredSkillScope } from '../schema/skills.ts';
import type { PackageLimits } from './prepare-skill-content.ts';
import type { StoreSkillIssue } from './store-issue-code.ts';

/** Who is looking: the workspace (null = only builtin and public skills) and the user, for personal skills. */
export interface SkillAccess {
  workspaceId: string | null;
  /** Personal skills are visible only to their owner (or an agent acting for them). */
  userId?: string;
  /** Version reads see only revisions that were published (an agent's: never a proposal). */
  publishedOnly?: boolean;
}

/** A stored skill with the metadata of its current version. */
export interface StoredSkill {
  id: string;
  scope: StoredSkillScope;
  workspaceId: string | null;
  ownerUserId: string | null;
  name: string;
  enabled: boolean;
  /** A label of where it came from: `builtin`, `upload`, `api`, `import`, … */
  source: string;
  /** The published revision, served by every acting surface; 0 for a new skill still in review. */
  currentVersion: number;
  /** The newest revision, published or proposed. */
  latestVersion: number;
  /** The content address of the current version. */
  hash: string;
  description: string;
  tags: string[];
  category: string | null;
  manifest: SkillManifest;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A file of a version, without its bytes. */
export interface StoredSkillFile {
  path: string;
  /** sha256 of the bytes. */
  hash: string;
  size: number;
  mime: string;
}

/** A file of a version with its bytes. */
export interface SkillFileContent extends StoredSkillFile {
  content: Uint8Array;
}

/** A version in a list (no text, no files). */
export interface StoredSkillVersionSummary {
  number: number;
  hash: string;
  description: string;
  message: string | null;
  createdBy: string | null;
  createdAt: Date;
  /** Null: published when written (no review). */
  reviewState: ReviewState | null;
  reviewNote: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
}

/** One immutable version: its `SKILL.md`, manifest and files. */
export interface StoredSkillVersion extends StoredSkillVersionSummary {
  skillId: string;
  skillMd: string;
  manifest: SkillManifest;
  tags: string[];
  category: string | null;
  files: StoredSkillFile[];
}

/** A file given to create or update a skill; paths are relative to the skill folder. */
export interface SkillFileInput {
  path: string;
  content: Uint8Array | string;
  mime?: string;
}

/** Options for creating a skill. */
export interface CreateSkillOptions {
  scope: StoredSkillScope;
  /** Required for `workspace` and `personal`; absent for `builtin` and `public`. */
  workspaceId?: string;
  /** Required for `personal`. */
  ownerUserId?: string;
  /** The whole `SKILL.md` text; the skill's name is its manifest name. */
  skillMd: string;
  /** Other files of the package (not `SKILL.md`). */
  files?: readonly SkillFileInput[];
  /** Tighter package limits than core's defaults (a server's). */
  limits?: PackageLimits;
  source?: string;
  enabled?: boolean;
  message?: string;
  actor?: Actor;
  /** Write version 1 as a proposal: the skill is served nowhere until a reviewer publishes it. */
  propose?: boolean;
}

/** The outcome of creating one skill. */
export type CreateSkillResult =
  | { ok: true; skill: StoredSkill }
  | { ok: false; reason: 'invalid'; issues: StoreSkillIssue[] }
  | { ok: false; reason: 'name_taken'; name: string };

/** Options for updating a skill: a new version guarded by the expected current version. */
export interface UpdateSkillOptions extends SkillAccess {
  id: string;
  /** The published version the caller last saw (`If-Match`, 0 for a skill never published); another is a conflict. */
  expectedVersion: number;
  /** The new `SKILL.md`; absent keeps the current one. Its name must stay the skill's name. */
  skillMd?: string;
  /** Replaces every file but `SKILL.md`. */
  files?: readonly SkillFileInput[];
  /** Adds or replaces these files. */
  putFiles?: readonly SkillFileInput[];
  /** Removes these files. */
  deleteFiles?: readonly string[];
  /** Tighter package limits than core's defaults (a server's). */
  limits?: PackageLimits;
  message?: string;
  actor?: Actor;
  /** Write the new revision as a proposal: the published revision stays what is served. */
  propose?: boolean;
}

/** The outcome of a write that makes a new version. */
export type WriteVersionResult =
  /** `skill` is what is served afterwards: the new version, or for a proposal the unchanged published one. */
  | { ok: true; skill: StoredSkill; version: number; proposed: boolean; hash: string }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'conflict'; currentVersion: number }
  | { ok: false; reason: 'invalid'; issues: StoreSkillIssue[] }
  | { ok: false; reason: 'version_not_found'; version: number };

/** Options for restoring an old version as a new one. */
export interface RestoreSkillOptions extends SkillAccess {
  id: string;
  version: number;
  /** When given, a different current version is a conflict. */
  expectedVersion?: number;
  message?: string;
  actor?: Actor;
  /** Write the copy as a proposal. */
  propose?: boolean;
}

/** An agent whose `settings.skills` names a skill. */
export interface AgentReference {
  id: string;
  name: string;
  workspaceId: string;
}

/** The outcome of deleting a skill. */
export type DeleteSkillResult =
  | { ok: true; skill: StoredSkill }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'referenced'; agents: AgentReference[] };

/** Options for listing skills. */
export interface ListSkillsOptions extends SkillAccess {
  scope?: StoredSkillScope | readonly StoredSkillScope[];
  source?: string;
  enabled?: boolean;
  /** A tag, matched case-insensitively. */
  tag?: string;
  category?: string;
  /** Words that must all occur (as substrings) in the name, description, tags, category or body. */
  q?: string;
  /** Page size: default 50, at most 10,000. */
  limit?: number;
  offset?: number;
  /** The `nextCursor` of the previous page (used instead of `offset`). */
  cursor?: string;
}

/** A page of skills, ordered by name, then scope precedence, then id. */
export interface ListSkillsResult {
  items: StoredSkill[];
  /** How many skills match the filters in all. */
  total: number;
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

/** A name resolved by precedence: the winner and the lower-scope skills it shadows. */
export interface ResolvedSkill {
  skill: StoredSkill;
  shadows: StoredSkill[];
}
