import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import { readSkillFiles } from './read-skill-files.ts';
import type { SkillSignatureStatus, TrustedSigners } from './skill-signature-status.ts';
import { verifySkillSignature } from './verify-skill-signature.ts';

/** What a signature check reads of a registry: the files, and the links where the source has them. */
type SignatureRegistry = Pick<SkillRegistry, 'listFiles' | 'readFile'> &
  Partial<Pick<SkillRegistry, 'listLinks'>>;

/** Trusts no one: every signature is by an unknown signer. */
export const NO_TRUSTED_SIGNERS: TrustedSigners = { allowedSigners: [], revokedKeys: [] };

// Registry entries are new objects whenever their skill changes, so one check per entry and trust
// stays true; shared by every gate, since hosts such as the MCP server create a gate per request.
const checks = new WeakMap<SkillEntry, WeakMap<TrustedSigners, Promise<SkillSignatureStatus>>>();

async function verifyOnce(
  registry: SignatureRegistry,
  entry: SkillEntry,
  trust: TrustedSigners,
): Promise<SkillSignatureStatus> {
  let files: { path: string; bytes: Uint8Array }[];
  let links: string[];
  try {
    files = await readSkillFiles(registry, entry);
    links = (await registry.listLinks?.(entry)) ?? [];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      state: 'invalid',
      code: 'file_missing',
      reason: `The files of "${entry.name}" in ${entry.path} could not be read (${message}); check that the folder exists and is readable.`,
      digest: '',
    };
  }
  // A skill read from an MCP server is named `server:name`; it was signed under its own name.
  const name =
    entry.origin?.kind === 'mcp' ? (entry.name.split(':').at(-1) ?? entry.name) : entry.name;
  return verifySkillSignature({ name, files, links, trust });
}

/**
 * The signature status of a registry entry against `trust`, read through the registry, computed
 * once per entry object and trust (`fresh` reads the files again and keeps that answer, for a use
 * of a skill whose folder is watched, where an edit beside `SKILL.md` keeps the entry); a read
 * error is an `invalid` status with the reason, never a throw.
 */
export function verifyEntrySignature(
  registry: SignatureRegistry,
  entry: SkillEntry,
  trust: TrustedSigners = NO_TRUSTED_SIGNERS,
  fresh = false,
): Promise<SkillSignatureStatus> {
  let byTrust = checks.get(entry);
  if (byTrust === undefined) {
    byTrust = new WeakMap();
    checks.set(entry, byTrust);
  }
  let check = byTrust.get(trust);
  if (check === undefined || fresh) {
    check = verifyOnce(registry, entry, trust);
    byTrust.set(trust, check);
  }
  return check;
}
