/** One file of a skill package, by path relative to the skill folder (`scripts/run.py`). */
export interface SkillPackageFile {
  path: string;
  bytes: Uint8Array;
  /** The file is executable (Unix mode 0755 in a ZIP); absent means a plain file (0644). */
  executable?: boolean;
}
