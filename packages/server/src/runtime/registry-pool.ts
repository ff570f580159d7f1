import type { WorkspaceSkills } from './workspace-skills.ts';

/** Options for {@link createRegistryPool}. */
export interface RegistryPoolOptions {
  /** Estimated bytes the loaded registries may hold together before the least recently used go. */
  budgetBytes: number;
  /** Called with each registry dropped for the budget or by {@link RegistryPool.drop}. */
  onDrop(key: string, skills: Promise<WorkspaceSkills>): void;
}

/** The workspace registries an instance holds, loaded on demand, least recently used dropped. */
export interface RegistryPool {
  /** The registry under `key`, created with `create` when absent; marks it most recently used. */
  get(key: string, create: () => Promise<WorkspaceSkills>): Promise<WorkspaceSkills>;
  /** The registries held now. */
  values(): Promise<WorkspaceSkills>[];
  /** Drops the registries whose key `matches`. */
  drop(matches: (key: string) => boolean): void;
  /** Estimated bytes held by the loaded registries, and how many there are. */
  usage(): { bytes: number; registries: number };
  /** Empties the pool and returns what it held, for closing. */
  clear(): Promise<WorkspaceSkills>[];
}

interface Held {
  skills: Promise<WorkspaceSkills>;
  loaded?: WorkspaceSkills;
}

/** Creates a {@link RegistryPool}; the most recently used registry always stays, whatever its size. */
export function createRegistryPool(options: RegistryPoolOptions): RegistryPool {
  const held = new Map<string, Held>();
  const bytes = () => {
    let total = 0;
    for (const entry of held.values()) total += entry.loaded?.estimatedBytes ?? 0;
    return total;
  };
  const remove = (key: string, entry: Held) => {
    held.delete(key);
    options.onDrop(key, entry.skills);
  };
  const trim = () => {
    let total = bytes();
    // Oldest first; the most recently used one stays.
    for (const [key, entry] of [...held].slice(0, -1)) {
      if (total <= options.budgetBytes) return;
      // Still loading: its size is unknown, and a request waits on it.
      if (entry.loaded === undefined) continue;
      total -= entry.loaded.estimatedBytes;
      remove(key, entry);
    }
  };
  return {
    get(key, create) {
      let entry = held.get(key);
      if (entry === undefined) {
        const created: Held = { skills: create() };
        entry = created;
        created.skills.then(
          (loaded) => {
            created.loaded = loaded;
            if (held.get(key) === created) trim();
          },
          () => {
            if (held.get(key) === created) held.delete(key);
          },
        );
      }
      held.delete(key);
      held.set(key, entry);
      return entry.skills;
    },
    values: () => [...held.values()].map((entry) => entry.skills),
    drop(matches) {
      for (const [key, entry] of held) if (matches(key)) remove(key, entry);
    },
    usage: () => ({ bytes: bytes(), registries: held.size }),
    clear() {
      const all = [...held.values()].map((entry) => entry.skills);
      held.clear();
      return all;
    },
  };
}
