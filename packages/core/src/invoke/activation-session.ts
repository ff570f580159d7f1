/** Options for {@link createActivationSession}. */
export interface CreateActivationSessionOptions {
  /** The session's id, substituted for `${SESSION_ID}`. */
  id: string;
}

/** Remembers which skills are active in one conversation, so a skill is not placed in it twice. */
export interface ActivationSession {
  readonly id: string;
  isActive(name: string): boolean;
  markActive(name: string): void;
  /** Forgets a skill, e.g. after the conversation was compacted and its instructions dropped. */
  markInactive(name: string): void;
  /** The active skills' names, in activation order. */
  activeSkills(): string[];
}

/** Creates an in-memory {@link ActivationSession}; names compare case-insensitively. */
export function createActivationSession(
  options: CreateActivationSessionOptions,
): ActivationSession {
  const active = new Set<string>();
  return {
    id: options.id,
    isActive: (name) => active.has(name.toLowerCase()),
    markActive: (name) => {
      active.add(name.toLowerCase());
    },
    markInactive: (name) => {
      active.delete(name.toLowerCase());
    },
    activeSkills: () => [...active],
  };
}
