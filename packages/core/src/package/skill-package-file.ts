/** One file of a skill package, by path relative to the skill folder (`scripts/run.py`). */
export interface SkillPackageFile {
  path: string;
  bytes: Uint8Array;
}
