import type { CatalogSkill } from '../catalog/catalog-skill.ts';

/** The text of a skill that is embedded and hashed: name, description, tags and body. */
export function skillEmbeddingText(skill: CatalogSkill): string {
  return [skill.name, skill.description, (skill.tags ?? []).join(' '), skill.body ?? '']
    .filter((part) => part.length > 0)
    .join('\n\n');
}

/** SHA-256 (hex, Web Crypto) of a text, used as the embedding cache key. */
export async function hashSkillContent(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
