import {
  SKILL_LIMITS,
  type Skill,
  type SkillResourceEntry,
} from '@modelcontextprotocol/client/ext/skills';
import { SKILL_SIGNATURE_FILE, SKILL_SIGNED_MANIFEST_FILE } from '@skillset/core/serving';
import { digestMcpSkillManifest } from './digest-mcp-skill-manifest.ts';
import { readSignatureMeta } from './read-signature-meta.ts';

/** A skill entry of an MCP server (valid by the Skills extension's rules), as Skillset holds it. */
export interface McpSkillEntry {
  /** The entry as listed: what `SkillsClient.read` verifies files against. */
  skill: Skill;
  /** The URI of the skill's `SKILL.md`. */
  uri: string;
  /** The skill root: `uri` without `/SKILL.md`, in canonical form. */
  rootUri: string;
  /** The root's decoded path segments after the scheme (`skill://team/deploy` → `team`, `deploy`); the last is the name. */
  segments: string[];
  frontmatter: Skill['frontmatter'];
  /** The files by path relative to the skill root; empty when the entry is refused. */
  files: Map<string, SkillResourceEntry>;
  /** {@link digestMcpSkillManifest} of the entry: what an approval of its `allowed-tools` names. */
  digest: string;
  /**
   * `SKILL.manifest.json` and `SKILL.sig` from the entry's `_meta` when its resources do not list
   * them, so the skill's signature can be verified (the signature itself vouches for their bytes).
   */
  signatureFiles?: Map<string, Uint8Array>;
  /** Why the skill cannot be loaded (dynamic content, over the limits); absent when it can. */
  refusal?: string;
}

/** The outcome of {@link readMcpSkillEntry}: an entry, or why it cannot be named in Skillset. */
export type ReadMcpSkillEntryResult =
  | { success: true; entry: McpSkillEntry }
  | { success: false; message: string };

const SKILL_FILE_SUFFIX = '/SKILL.md';
const NAMESPACE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SEGMENT_LENGTH = 64;

/**
 * Maps an entry that passed the SDK's checks to Skillset's view: its namespace segments (each a
 * skill name, so `label:` + segments joined by `:` is an unambiguous name) and its files relative to
 * the root; refuses content Skillset does not load (dynamic, over SEP-2640's limits).
 */
export function readMcpSkillEntry(skill: Skill): ReadMcpSkillEntryResult {
  const canonical = new URL(skill.uri).href;
  const rootUri = canonical.slice(0, -SKILL_FILE_SUFFIX.length);
  const schemeEnd = rootUri.indexOf(':');
  const raw = rootUri
    .slice(schemeEnd + 1)
    .replace(/^\/+/, '')
    .split('/');
  const segments = raw.map(safeDecode);
  const bad = segments.findIndex(
    (segment) =>
      segment === undefined ||
      segment.length > MAX_SEGMENT_LENGTH ||
      !NAMESPACE_SEGMENT.test(segment),
  );
  if (bad !== -1) {
    const shown = segments[bad] ?? raw[bad] ?? '';
    return {
      success: false,
      message: `entry ${skill.uri}: its path segment ${JSON.stringify(shown)} cannot be part of a skill name (lowercase letters, digits and single hyphens, at most ${MAX_SEGMENT_LENGTH} characters)`,
    };
  }
  const entry: McpSkillEntry = {
    skill,
    uri: skill.uri,
    rootUri,
    segments: segments as string[],
    frontmatter: skill.frontmatter,
    files: new Map(),
    digest: digestMcpSkillManifest(skill),
  };
  const refuse = (refusal: string): ReadMcpSkillEntryResult => ({
    success: true,
    entry: { ...entry, refusal },
  });
  const { resources } = skill;
  if (resources === 'dynamic') {
    return refuse(
      'its content is "dynamic": the server publishes no digests, so Skillset cannot verify it.',
    );
  }
  if (resources.length > SKILL_LIMITS.files) {
    return refuse(
      `it has ${resources.length} files, over the limit of ${SKILL_LIMITS.files} per skill.`,
    );
  }
  let total = 0;
  for (const resource of resources) {
    const relative = relativePath(rootUri, resource.uri);
    if (relative === undefined) {
      return refuse(`${resource.uri} is not a plain path inside the skill.`);
    }
    if (entry.files.has(relative))
      return refuse(`${resource.uri} is listed twice in its resources.`);
    entry.files.set(relative, resource);
    total += resource.size;
  }
  if (total > SKILL_LIMITS.bytes) {
    return refuse(`its files total ${total} bytes, over the limit of ${SKILL_LIMITS.bytes}.`);
  }
  const listsSignature =
    entry.files.has(SKILL_SIGNATURE_FILE) || entry.files.has(SKILL_SIGNED_MANIFEST_FILE);
  const signatureFiles = listsSignature ? undefined : readSignatureMeta(skill);
  if (signatureFiles !== undefined) entry.signatureFiles = signatureFiles;
  return { success: true, entry };
}

/** The decoded path of `uri` below `rootUri` (`references/guide.md`), or undefined when it is not one. */
function relativePath(rootUri: string, uri: string): string | undefined {
  let canonical: string;
  try {
    canonical = new URL(uri).href;
  } catch {
    return undefined;
  }
  if (!canonical.startsWith(`${rootUri}/`)) return undefined;
  const parts = canonical
    .slice(rootUri.length + 1)
    .split('/')
    .map(safeDecode);
  const plain = (part: string | undefined) =>
    part !== undefined && part !== '' && part !== '.' && part !== '..' && !part.includes('/');
  if (!parts.every(plain)) {
    return undefined;
  }
  return parts.join('/');
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
