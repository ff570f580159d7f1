/** Size limits applied when reading a skill (DESIGN.md §3); all are configurable. */
export interface SkillLimits {
  /** Largest accepted `SKILL.md`, in bytes. */
  maxSkillFileBytes: number;
  /** Largest accepted frontmatter block, in UTF-8 bytes. */
  maxFrontmatterBytes: number;
  /** Largest accepted package (all files, unpacked), in bytes. */
  maxPackageBytes: number;
  /** Largest accepted number of files in a package. */
  maxPackageFiles: number;
}

/** The default limits: 1 MiB `SKILL.md`, 64 KiB frontmatter, 30 MiB and 10,000 files per package. */
export const DEFAULT_SKILL_LIMITS: Readonly<SkillLimits> = Object.freeze({
  maxSkillFileBytes: 1024 * 1024,
  maxFrontmatterBytes: 64 * 1024,
  maxPackageBytes: 30 * 1024 * 1024,
  maxPackageFiles: 10_000,
});

/** Fills the limits not given with the defaults. */
export function resolveSkillLimits(limits: Partial<SkillLimits> = {}): SkillLimits {
  return { ...DEFAULT_SKILL_LIMITS, ...limits };
}
