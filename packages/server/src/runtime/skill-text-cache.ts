/** A bounded cache of `SKILL.md` texts by skill id and version (versions are immutable). */
export interface SkillTextCache {
  get(skillId: string, version: number): string | undefined;
  set(skillId: string, version: number, text: string): void;
}

/** Creates a {@link SkillTextCache} that forgets the least recently used text past `capacity`. */
export function createSkillTextCache(capacity = 5000): SkillTextCache {
  const texts = new Map<string, string>();
  return {
    get(skillId, version) {
      const key = `${skillId}@${version}`;
      const text = texts.get(key);
      if (text !== undefined) {
        texts.delete(key);
        texts.set(key, text);
      }
      return text;
    },
    set(skillId, version, text) {
      const key = `${skillId}@${version}`;
      texts.delete(key);
      texts.set(key, text);
      if (texts.size > capacity) {
        const oldest = texts.keys().next().value;
        if (oldest !== undefined) texts.delete(oldest);
      }
    },
  };
}
