import type { FieldPositions } from '../format/read-skill-manifest.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import type { SkillScope } from '../skill/skill-scope.ts';
import type { SkillChangeType, SkillOrigin, SkillSourceIssue } from '../source/skill-source.ts';

/** A reference to another entry of the same name: the one it shadows or the one that shadows it. */
export interface SkillShadow {
  name: string;
  scope: SkillScope;
  sourceId: string;
  path: string;
}

/** One skill as the registry lists it, with its provenance and shadowing. */
export interface SkillEntry {
  /** The manifest name, or the folder name when the frontmatter has none. */
  name: string;
  description: string;
  manifest?: SkillManifest;
  valid: boolean;
  issues: SkillIssue[];
  scope: SkillScope;
  sourceId: string;
  /** The skill folder. */
  path: string;
  /** The `SKILL.md` file. */
  skillFile: string;
  /** The size and mtime of `SKILL.md` when the source's scan read them (folder sources). */
  size?: number;
  mtimeMs?: number;
  /** Entries of the same name this one hides, highest precedence first (empty unless it wins). */
  shadows: SkillShadow[];
  /** The winning entry that hides this one; absent on winners. */
  shadowedBy?: SkillShadow;
  /** The MCP server and URI of a skill served by one; absent for local and stored skills. */
  origin?: SkillOrigin;
}

/** A change the registry reports: a skill added, changed or removed in one of its sources. */
export interface SkillRegistryChange {
  type: SkillChangeType;
  name: string;
  scope: SkillScope;
  sourceId: string;
  path: string;
}

/** A source-level issue, with the source it belongs to. */
export interface SkillRegistryIssue extends SkillSourceIssue {
  sourceId: string;
}

/** A skill with its body read: the result of `registry.loadSkill`. */
export interface LoadedSkill {
  entry: SkillEntry;
  /** The whole `SKILL.md` text. */
  text: string;
  /** The Markdown after the frontmatter. */
  body: string;
  /** The 1-based line of `SKILL.md` where the body starts. */
  bodyLine: number;
  manifest?: SkillManifest;
  /** Where each field's key is in `SKILL.md`; present with the manifest. */
  fieldPositions?: FieldPositions;
  valid: boolean;
  /** Every issue of the whole file (the scan only knows the frontmatter's). */
  issues: SkillIssue[];
}

/** Options for `registry.list`. */
export interface ListSkillsOptions {
  /** Also return the shadowed entries (each with `shadowedBy`), after the winners of their name. */
  includeShadowed?: boolean;
}
