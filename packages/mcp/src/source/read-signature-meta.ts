import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import { SKILL_SIGNATURE_FILE, SKILL_SIGNED_MANIFEST_FILE } from '@skillset/core/serving';
import { SKILL_SIGNATURE_META_KEY } from '../skill-signature-meta-key.ts';

/**
 * The signature files an entry carries in `_meta["dev.skillset/signature"]` (`manifest` and
 * `signature` as text), by the file names they have in a skill folder; undefined when the entry
 * carries none or something else under that key.
 */
export function readSignatureMeta(skill: Skill): Map<string, Uint8Array> | undefined {
  const meta = skill._meta?.[SKILL_SIGNATURE_META_KEY];
  if (typeof meta !== 'object' || meta === null) return undefined;
  const { manifest, signature } = meta as Record<string, unknown>;
  if (typeof manifest !== 'string' || typeof signature !== 'string') return undefined;
  const text = new TextEncoder();
  return new Map([
    [SKILL_SIGNED_MANIFEST_FILE, text.encode(manifest)],
    [SKILL_SIGNATURE_FILE, text.encode(signature)],
  ]);
}
