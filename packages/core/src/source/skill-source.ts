import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import type { SkillScope } from '../skill/skill-scope.ts';

/** Where a skill served by another system came from: an MCP server (by its host-assigned label) and the skill's URI there. */
export interface SkillOrigin {
  kind: 'mcp';
  /** The label the configuration gives the server; also the namespace of its skills' names. */
  server: string;
  /** The URI of the skill's `SKILL.md` on that server. */
  uri: string;
}

/** What a source knows about one skill after reading its frontmatter (the body is read on demand). */
export interface SkillRecord {
  /** The manifest name, or the folder name when the frontmatter has none. */
  name: string;
  /** The manifest description, or an empty string. */
  description: string;
  manifest?: SkillManifest;
  /** False when the skill has an error-severity issue; invalid skills are still listed. */
  valid: boolean;
  issues: SkillIssue[];
  /** The skill folder (absolute for folder sources, virtual for memory sources). */
  path: string;
  /** The `SKILL.md` file inside `path`. */
  skillFile: string;
  /** Size of `SKILL.md` in bytes, when known. */
  size?: number;
  /** Modification time of `SKILL.md` in milliseconds, when known. */
  mtimeMs?: number;
  /**
   * The skill folder's real path, when it differs from `path` (a symbolic link led to it): records
   * whose folders are the same real folder are one skill, and the registry keeps the first.
   */
  realPath?: string;
  /** Set for skills served by another system (an MCP server); absent for files and the store. */
  origin?: SkillOrigin;
}

/** A problem with a source as a whole (a missing root, a scan bound reached, an unreadable folder). */
export interface SkillSourceIssue extends SkillIssue {
  /** The file or folder concerned. */
  path?: string;
}

/** The skills a source currently provides, with the issues found while discovering them. */
export interface SkillSourceSnapshot {
  skills: readonly SkillRecord[];
  issues: readonly SkillSourceIssue[];
}

/** The kinds of change a source reports. */
export type SkillChangeType = 'added' | 'changed' | 'removed';

/** One skill added, changed or removed in a source; for `removed`, `skill` is the last known record. */
export interface SkillSourceChange {
  type: SkillChangeType;
  skill: SkillRecord;
}

/** Receives the changes of a source. */
export type SkillSourceListener = (change: SkillSourceChange) => void;

/** One file of a skill package: a `/`-separated path relative to the skill folder and its size. */
export interface SkillFileInfo {
  path: string;
  size: number;
}

/** A provider of skills: a folder tree, a ZIP, the database, memory (DESIGN.md §4). */
export interface SkillSource {
  /** A stable identifier, unique among the sources of one registry. */
  readonly id: string;
  /** The scope of every skill this source provides. */
  readonly scope: SkillScope;
  /** Where the skills come from, for people (a folder path, `memory`). */
  readonly location: string;
  /** Discovers the skills on the first call (and starts watching, when enabled); later calls return the current state. */
  load(): Promise<SkillSourceSnapshot>;
  /** Discovers the skills again and reports the differences to subscribers. */
  refresh(): Promise<SkillSourceSnapshot>;
  /** Registers a listener for changes; returns a function that removes it. */
  subscribe(listener: SkillSourceListener): () => void;
  /** Reads the whole `SKILL.md` text of the skill in folder `skillPath`. */
  readSkillText(skillPath: string): Promise<string>;
  /**
   * Reads the `SKILL.md` of the skill in folder `skillPath` as bytes, for sources that hold files:
   * the registry parses them, so bytes that are not UTF-8 are reported as validation reports them.
   */
  readSkillBytes?(skillPath: string): Promise<Uint8Array>;
  /** Lists the files of the skill in folder `skillPath`, sorted by path. */
  listFiles(skillPath: string): Promise<SkillFileInfo[]>;
  /** Reads one file of the skill in folder `skillPath`; `relativePath` must stay inside the folder. */
  readFile(skillPath: string, relativePath: string): Promise<Uint8Array>;
  /** The symbolic links inside the skill's folder, for sources on a file system (none elsewhere). */
  listLinks?(skillPath: string): Promise<string[]>;
  /** Stops watching and releases resources. */
  close(): Promise<void>;
}
