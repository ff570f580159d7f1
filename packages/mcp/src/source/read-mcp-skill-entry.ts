import {
  MAX_SKILL_RESOURCES,
  MAX_SKILL_TOTAL_BYTES,
} from '../skills-extension/skills-extension-schemas.ts';
import {
  SKILL_DIGEST_PATTERN,
  type SkillResourceRef,
  skillEntrySchema,
  skillResourceSchema,
} from './lenient-skill-schemas.ts';

/** A skill entry of an MCP server, checked against SEP-2640's rules. */
export interface McpSkillEntry {
  /** The URI of the skill's `SKILL.md`. */
  uri: string;
  /** The skill root: `uri` without `/SKILL.md`. */
  rootUri: string;
  /** The skill path: the root without its scheme (`acme/billing/refunds`). */
  skillPath: string;
  frontmatter: Record<string, unknown> & { name: string; description: string };
  /** The files by path relative to the skill root; empty when the entry is refused. */
  files: Map<string, SkillResourceRef>;
  /** Why the skill cannot be loaded (dynamic content, over the limits, a broken manifest); absent when it can. */
  refusal?: string;
}

/** The outcome of {@link readMcpSkillEntry}: an entry, or why the value is not one (no name can be shown). */
export type ReadMcpSkillEntryResult =
  | { success: true; entry: McpSkillEntry }
  | { success: false; message: string };

const SKILL_FILE_SUFFIX = '/SKILL.md';

/** Checks one value of `skills/list` or `skills/get` and maps its files relative to the skill root. */
export function readMcpSkillEntry(value: unknown): ReadMcpSkillEntryResult {
  const parsed = skillEntrySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || '(entry)'}`;
    return {
      success: false,
      message: `an entry is not a skill entry${where}: ${issue?.message ?? 'invalid'}`,
    };
  }
  const { uri, frontmatter, resources } = parsed.data;
  if (!uri.endsWith(SKILL_FILE_SUFFIX)) {
    return { success: false, message: `entry ${uri} does not end in ${SKILL_FILE_SUFFIX}` };
  }
  const rootUri = uri.slice(0, -SKILL_FILE_SUFFIX.length);
  const schemeEnd = rootUri.indexOf('://');
  const skillPath = schemeEnd === -1 ? rootUri : rootUri.slice(schemeEnd + 3);
  const lastSegment = skillPath.split('/').at(-1);
  const entry: McpSkillEntry = {
    uri,
    rootUri,
    skillPath,
    frontmatter: frontmatter as McpSkillEntry['frontmatter'],
    files: new Map(),
  };
  if (skillPath === '' || lastSegment !== frontmatter.name) {
    return {
      success: false,
      message: `entry ${uri}: the last segment of its path must equal its name ${JSON.stringify(frontmatter.name)}`,
    };
  }
  const refuse = (refusal: string): ReadMcpSkillEntryResult => ({
    success: true,
    entry: { ...entry, files: new Map(), refusal },
  });
  if (resources === 'dynamic') {
    return refuse(
      'its content is "dynamic": the server publishes no digests, so Skillset cannot verify it.',
    );
  }
  if (!Array.isArray(resources)) {
    return refuse('its entry has no "resources" list (SEP-2640 requires one).');
  }
  if (resources.length > MAX_SKILL_RESOURCES) {
    return refuse(
      `it has ${resources.length} files, over the limit of ${MAX_SKILL_RESOURCES} per skill.`,
    );
  }
  let total = 0;
  for (const [index, item] of resources.entries()) {
    const resource = skillResourceSchema.safeParse(item);
    if (!resource.success) {
      return refuse(`resources[${index}] is not {uri, digest, size}.`);
    }
    const { data } = resource;
    if (!SKILL_DIGEST_PATTERN.test(data.digest)) {
      return refuse(
        `resources[${index}] (${data.uri}) has digest ${JSON.stringify(data.digest)}, not sha256:<64 lowercase hex>.`,
      );
    }
    if (!data.uri.startsWith(`${rootUri}/`)) {
      return refuse(`resources[${index}] (${data.uri}) is outside the skill's folder ${rootUri}.`);
    }
    const relative = safeDecode(data.uri.slice(rootUri.length + 1));
    if (
      relative === undefined ||
      relative.split('/').some((part) => part === '..' || part === '.' || part === '')
    ) {
      return refuse(`resources[${index}] (${data.uri}) is not a plain path inside the skill.`);
    }
    if (entry.files.has(relative)) return refuse(`${data.uri} is listed twice in its resources.`);
    entry.files.set(relative, data);
    total += data.size;
  }
  if (!entry.files.has('SKILL.md')) return refuse(`its resources do not list ${uri}.`);
  if (total > MAX_SKILL_TOTAL_BYTES) {
    return refuse(`its files total ${total} bytes, over the limit of ${MAX_SKILL_TOTAL_BYTES}.`);
  }
  return { success: true, entry };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
