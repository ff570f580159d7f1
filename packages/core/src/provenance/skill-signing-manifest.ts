import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './sha256-hex.ts';

/** The file beside `SKILL.md` holding the SSH signature (armored SSHSIG) over the signed manifest. */
export const SKILL_SIGNATURE_FILE = 'SKILL.sig';

/** The file beside `SKILL.md` holding the exact bytes that were signed: the manifest at signing time. */
export const SKILL_SIGNED_MANIFEST_FILE = 'SKILL.manifest.json';

/** The SSH signature namespace of skill signatures (`ssh-keygen -Y sign -n skillset`). */
export const SKILL_SIGNATURE_NAMESPACE = 'skillset';

/** One file of a skill as the manifest names it: the Skills extension's digest and size, by relative path. */
export interface SkillManifestFile {
  path: string;
  /** `sha256:` and 64 lowercase hex digits of the file's bytes. */
  digest: string;
  size: number;
}

/**
 * What a signature covers and an approval names: the skill's name and every file's path, sha256
 * and size (the frontmatter is covered through `SKILL.md`'s digest). The signature files
 * themselves are left out, so signing a skill does not change its manifest.
 */
export interface SkillSigningManifest {
  name: string;
  files: SkillManifestFile[];
}

/** True for the two files a signature adds, which no manifest lists. */
export function isSignatureFile(path: string): boolean {
  return path === SKILL_SIGNATURE_FILE || path === SKILL_SIGNED_MANIFEST_FILE;
}

/** Builds the manifest of a skill from its files' bytes (signature files are skipped). */
export async function buildSkillSigningManifest(
  name: string,
  files: readonly { path: string; bytes: Uint8Array }[],
): Promise<SkillSigningManifest> {
  const listed: SkillManifestFile[] = [];
  for (const file of files) {
    if (isSignatureFile(file.path)) continue;
    listed.push({
      path: file.path,
      digest: `sha256:${await sha256Hex(file.bytes)}`,
      size: file.bytes.byteLength,
    });
  }
  listed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { name, files: listed };
}

/** The manifest as the bytes that are signed and written to `SKILL.manifest.json`: canonical JSON and a newline. */
export function serializeSkillSigningManifest(manifest: SkillSigningManifest): string {
  return `${canonicalJson(manifest)}\n`;
}

/** `sha256:<hex>` of the canonical manifest: the content digest an approval records. */
export async function digestSkillSigningManifest(manifest: SkillSigningManifest): Promise<string> {
  return `sha256:${await sha256Hex(canonicalJson(manifest))}`;
}
