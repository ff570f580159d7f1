import { z } from 'zod';

/** The identifier of the MCP Skills extension (SEP-2640) in `capabilities.extensions`. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

/** The JSON-RPC method that lists a server's skills. */
export const SKILLS_LIST_METHOD = 'skills/list';

/** The JSON-RPC method that returns one skill's entry by the URI of its `SKILL.md`. */
export const SKILLS_GET_METHOD = 'skills/get';

/** The JSON-RPC method that lists the direct children of a directory resource. */
export const DIRECTORY_READ_METHOD = 'resources/directory/read';

/** The MIME type of a directory resource. */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/** The most entries a skill's `resources` may have, `SKILL.md` included (SEP-2640 "Limits"). */
export const MAX_SKILL_RESOURCES = 512;

/** The largest sum of `size` over a skill's `resources`: 16 MiB (SEP-2640 "Limits"). */
export const MAX_SKILL_TOTAL_BYTES = 16 * 1024 * 1024;

/** The `_meta` key of a `skills/list` page naming the allowed skills it leaves out, with why. */
export const LEFT_OUT_SKILLS_META_KEY = 'dev.skillset/leftOut';

const cacheScope = z.enum(['public', 'private']);

/** One file of a skill: its resource URI, `sha256:<hex>` digest of its raw bytes, and byte size. */
export const SkillResourceSchema = z.looseObject({
  uri: z.string(),
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  size: z.number().int().min(0),
});

/** A skill entry: the URI of its `SKILL.md`, its verbatim frontmatter, and its complete file manifest. */
export const SkillSchema = z.looseObject({
  uri: z.string(),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.union([z.array(SkillResourceSchema), z.literal('dynamic')]),
});

/** Why a skill the principal may read is not served as a Skills-extension entry. */
export const LeftOutSkillSchema = z.object({
  name: z.string(),
  uri: z.string(),
  reason: z.string(),
});

/** The result of `skills/list`. */
export const ListSkillsResultSchema = z.looseObject({
  resultType: z.literal('complete'),
  skills: z.array(SkillSchema),
  nextCursor: z.string().optional(),
  ttlMs: z.number().int().min(0),
  cacheScope,
  _meta: z.record(z.string(), z.unknown()).optional(),
});

/** The result of `skills/get`. */
export const GetSkillResultSchema = z.looseObject({
  resultType: z.literal('complete'),
  skill: SkillSchema,
  ttlMs: z.number().int().min(0),
  cacheScope,
});

/** One child of a directory resource: a file's resource metadata, or a subdirectory. */
export const DirectoryChildSchema = z.looseObject({
  uri: z.string(),
  name: z.string(),
  mimeType: z.string().optional(),
  size: z.number().int().min(0).optional(),
});

/** The result of `resources/directory/read`. */
export const ReadResourceDirectoryResultSchema = z.looseObject({
  resultType: z.literal('complete'),
  resources: z.array(DirectoryChildSchema),
  nextCursor: z.string().optional(),
});

/** The `skills/list` request. */
export const ListSkillsRequestSchema = z.object({
  method: z.literal(SKILLS_LIST_METHOD),
  params: z.looseObject({ cursor: z.string().optional() }).optional(),
});

/** The `skills/get` request. */
export const GetSkillRequestSchema = z.object({
  method: z.literal(SKILLS_GET_METHOD),
  params: z.looseObject({ uri: z.string() }),
});

/** The `resources/directory/read` request. */
export const ReadResourceDirectoryRequestSchema = z.object({
  method: z.literal(DIRECTORY_READ_METHOD),
  params: z.looseObject({ uri: z.string(), cursor: z.string().optional() }),
});

/** One file of a skill in an entry's manifest. */
export type SkillResource = z.infer<typeof SkillResourceSchema>;
/** A Skills-extension entry. */
export type Skill = z.infer<typeof SkillSchema>;
/** A skill left out of the listing, with its reason. */
export type LeftOutSkill = z.infer<typeof LeftOutSkillSchema>;
/** The result of `skills/list`. */
export type ListSkillsResult = z.infer<typeof ListSkillsResultSchema>;
/** The result of `skills/get`. */
export type GetSkillResult = z.infer<typeof GetSkillResultSchema>;
/** One child in a `resources/directory/read` result. */
export type DirectoryChild = z.infer<typeof DirectoryChildSchema>;
/** The result of `resources/directory/read`. */
export type ReadResourceDirectoryResult = z.infer<typeof ReadResourceDirectoryResultSchema>;
