import { DirectoryResourceSchema, SkillSchema } from '@modelcontextprotocol/core/ext/skills';
import { z } from 'zod';

// The cache fields (ttlMs, cacheScope) are 2026-07-28 only: a 2025-era listing has none.

/** One `skills/list` page, in either protocol era. */
export const ListSkillsResultSchema = z.looseObject({
  skills: z.array(SkillSchema),
  nextCursor: z.string().optional(),
});

/** A `skills/get` answer, in either protocol era. */
export const GetSkillResultSchema = z.looseObject({ skill: SkillSchema });

/** A `resources/directory/read` page, in either protocol era. */
export const ReadResourceDirectoryResultSchema = z.looseObject({
  resources: z.array(DirectoryResourceSchema),
  nextCursor: z.string().optional(),
});
