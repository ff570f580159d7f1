import {
  SKILL_LIMITS,
  type Skill,
  type SkillResourceEntry,
} from '@modelcontextprotocol/server/ext/skills';
import type { SkillEntry, SkillFileInfo, SkillRegistry } from '@skillset/core';
import {
  checkSkillName,
  MAX_COMPATIBILITY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  SKILL_SIGNATURE_FILE,
  SKILL_SIGNED_MANIFEST_FILE,
} from '@skillset/core/serving';
import { skillFileName } from '../skill-file-name.ts';
import { skillResourceUri } from '../skill-resource-uri.ts';
import { SKILL_SIGNATURE_META_KEY } from '../skill-signature-meta-key.ts';
import { readVerbatimFrontmatter } from './read-verbatim-frontmatter.ts';
import { sha256Digest } from './sha256-digest.ts';

/** The metadata key of a republished skill's provenance: the server it was read from and its URI there. */
export const SKILL_ORIGIN_META_KEY = 'dev.skillset/origin';

/** Options for {@link describeSkillEntry}. */
export interface DescribeSkillEntryOptions {
  registry: SkillRegistry;
  entry: SkillEntry;
}

/** A skill's Skills-extension entry, or why it is not served as one. */
export type DescribeSkillEntryResult =
  | { ok: true; skill: Skill }
  | { ok: false; uri: string; reason: string };

/** The URI of a skill's `SKILL.md` (`skill://<name>/SKILL.md`, `skill://team/deploy/SKILL.md` for `team:deploy`), whatever the file's spelling on disk. */
export function skillEntryUri(name: string): string {
  return skillResourceUri({ skill: name, path: 'SKILL.md' });
}

/**
 * Builds a skill's entry (SEP-2640): the verbatim frontmatter and every file's URI, `sha256:`
 * digest and size, computed from the same bytes `resources/read` serves. A skill over the
 * extension's limits (512 files, 16 MiB), whose frontmatter plain YAML cannot read, or that breaks
 * the Agent Skills rules on name and description is refused with the reason.
 */
export async function describeSkillEntry(
  options: DescribeSkillEntryOptions,
): Promise<DescribeSkillEntryResult> {
  const { registry, entry } = options;
  const uri = skillEntryUri(entry.name);
  const refuse = (reason: string): DescribeSkillEntryResult => ({ ok: false, uri, reason });
  let files: SkillFileInfo[];
  try {
    files = await registry.listFiles(entry);
  } catch {
    return refuse('its files cannot be listed');
  }
  const mainFile = skillFileName(entry);
  if (!files.some((file) => file.path === mainFile)) return refuse('its SKILL.md is missing');
  const checked = checkLimits(files.map((file) => file.size));
  if (checked !== undefined) return refuse(checked);
  const ordered = [
    ...files.filter((file) => file.path === mainFile),
    ...files.filter((file) => file.path !== mainFile),
  ];
  const read: { path: string; bytes: Uint8Array }[] = [];
  try {
    for (const file of ordered) {
      read.push({ path: file.path, bytes: await registry.readFile(entry, file.path) });
    }
  } catch {
    return refuse('one of its files cannot be read');
  }
  const rechecked = checkLimits(read.map((file) => file.bytes.byteLength));
  if (rechecked !== undefined) return refuse(rechecked);
  const [main] = read;
  if (main === undefined) return refuse('its SKILL.md is missing');
  const frontmatter = readVerbatimFrontmatter(main.bytes);
  if (!frontmatter.ok) return refuse(frontmatter.reason);
  const nonconforming = checkAgentSkillsRules(frontmatter.frontmatter);
  if (nonconforming !== undefined) return refuse(nonconforming);
  // A qualified name (`team:deploy`, read from another server) is served under its last part.
  const servedName = entry.name.split(':').at(-1);
  if (frontmatter.frontmatter.name !== servedName) {
    return refuse(
      `its frontmatter name ${JSON.stringify(frontmatter.frontmatter.name)} is not the name it is served under (${JSON.stringify(servedName)})`,
    );
  }
  const resources: SkillResourceEntry[] = [];
  for (const file of read) {
    resources.push({
      uri: file === main ? uri : skillResourceUri({ skill: entry.name, path: file.path }),
      digest: await sha256Digest(file.bytes),
      size: file.bytes.byteLength,
    });
  }
  const skill: Skill = {
    uri,
    frontmatter: frontmatter.frontmatter as Skill['frontmatter'],
    resources,
  };
  const meta: Record<string, unknown> = {};
  if (entry.origin?.kind === 'mcp') {
    meta[SKILL_ORIGIN_META_KEY] = { server: entry.origin.server, uri: entry.origin.uri };
  }
  const signedManifest = read.find((file) => file.path === SKILL_SIGNED_MANIFEST_FILE);
  const signature = read.find((file) => file.path === SKILL_SIGNATURE_FILE);
  if (signedManifest !== undefined && signature !== undefined) {
    const text = new TextDecoder();
    meta[SKILL_SIGNATURE_META_KEY] = {
      manifest: text.decode(signedManifest.bytes),
      signature: text.decode(signature.bytes),
    };
  }
  if (Object.keys(meta).length > 0) skill._meta = meta;
  return { ok: true, skill };
}

/** The Agent Skills rules a served skill MUST meet (SEP-2640 "Skill Format"), checked on the verbatim frontmatter. */
function checkAgentSkillsRules(frontmatter: Record<string, unknown>): string | undefined {
  const name = String(frontmatter.name);
  const [problem] = checkSkillName(name);
  if (problem !== undefined) return `its ${problem.message} (Agent Skills naming rules)`;
  const description = String(frontmatter.description);
  if (description.trim() === '') return 'its description is empty';
  if ([...description].length > MAX_DESCRIPTION_LENGTH) {
    return `its description is ${[...description].length} characters, over the Agent Skills limit of ${MAX_DESCRIPTION_LENGTH}`;
  }
  const { compatibility } = frontmatter;
  if (typeof compatibility === 'string' && [...compatibility].length > MAX_COMPATIBILITY_LENGTH) {
    return `its compatibility is ${[...compatibility].length} characters, over the Agent Skills limit of ${MAX_COMPATIBILITY_LENGTH}`;
  }
  return undefined;
}

function checkLimits(sizes: number[]): string | undefined {
  if (sizes.length > SKILL_LIMITS.files) {
    return `it has ${sizes.length} files, over the Skills extension limit of ${SKILL_LIMITS.files} per skill`;
  }
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total > SKILL_LIMITS.bytes) {
    return `its files total ${total} bytes, over the Skills extension limit of ${SKILL_LIMITS.bytes} bytes (16 MiB) per skill`;
  }
  return undefined;
}
