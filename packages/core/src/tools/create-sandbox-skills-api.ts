import { SkillsetError } from '../errors/skillset-error.ts';
import { type ApproveFunction, createPolicyGate } from '../policy/create-policy-gate.ts';
import type { PolicyContext } from '../policy/policy-context.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillStore } from './skill-store.ts';

/** Options for {@link createSandboxSkillsApi}. */
export interface SandboxSkillsApiOptions {
  registry: SkillRegistry;
  policy: PolicyContext;
  /** Supplies each skill's enabled switch. */
  store?: SkillStore;
  /** Asks a person where a rule says `ask`; without it `read` refuses such skills (`approval_required`). */
  approve?: ApproveFunction;
}

/** A skill as `skills.list()` shows it. */
export interface SandboxSkillSummary {
  name: string;
  description: string;
  tags: string[];
}

/** A skill as `skills.read()` returns it: the `SKILL.md` text, its body and its files. */
export interface SandboxSkill extends SandboxSkillSummary {
  text: string;
  body: string;
  files: string[];
}

/** The read-only `skills` object code in a sandbox gets (DESIGN.md §8). */
export interface SandboxSkillsApi {
  /** The skills the principal may see, optionally with a tag (entry point `sandbox_list`). */
  list(tag?: string): Promise<SandboxSkillSummary[]>;
  /** One skill by name, case-insensitively (entry point `sandbox_read`); throws `skill_not_found`. */
  read(name: string): Promise<SandboxSkill>;
}

/** Creates the read-only skills API for sandboxed code; denied skills are neither listed nor readable. */
export function createSandboxSkillsApi(options: SandboxSkillsApiOptions): SandboxSkillsApi {
  const { registry } = options;
  const gate = createPolicyGate({
    registry,
    policy: options.policy,
    ...(options.store === undefined ? {} : { store: options.store }),
    ...(options.approve === undefined ? {} : { approve: options.approve }),
  });
  return {
    async list(tag) {
      const wanted = tag?.toLowerCase();
      const entries = await gate.list('sandbox_list');
      return entries
        .map((entry) => ({
          name: entry.name,
          description: entry.description,
          tags: entry.manifest?.tags ?? [],
        }))
        .filter(
          (skill) =>
            wanted === undefined || skill.tags.some((each) => each.toLowerCase() === wanted),
        );
    },
    async read(name) {
      const gated = await gate.authorize(name, 'sandbox_read', 'skills.read');
      if (!gated.ok) {
        throw new SkillsetError({
          code:
            gated.failure.error.code === 'unknown_skill'
              ? 'skill_not_found'
              : gated.failure.error.code,
          message: gated.failure.error.message,
          details: { name },
        });
      }
      const { entry } = gated;
      const loaded = await registry.loadSkill(entry);
      const files = await registry.listFiles(entry).catch(() => []);
      return {
        name: entry.name,
        description: entry.description,
        tags: entry.manifest?.tags ?? [],
        text: loaded.text,
        body: loaded.body,
        files: files.map((file) => file.path),
      };
    },
  };
}
