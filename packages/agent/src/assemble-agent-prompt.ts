import {
  type CatalogFormat,
  type CatalogMode,
  type CatalogSkill,
  catalogSkillOf,
  createSkillIndex,
  DEFAULT_CATALOG_BUDGET,
  type PolicyGate,
  type PolicyReason,
  type RenderCatalogResult,
  renderCatalog,
  type SkillEntry,
  type SkillIndex,
  type SkillRegistry,
} from '@skillset/core';
import { loadRankerData } from '@skillset/core/node';

/** How the `## Skills` catalog is built. */
export interface AgentCatalogOptions {
  /** `ranked` (default): ordered by the user's message; `stable`: by name, the same text every turn. */
  mode?: CatalogMode;
  /** Tokens of the catalog text; default 2,000. */
  budget?: number;
  format?: CatalogFormat;
  /** Skills always listed first (an agent's own skills). */
  pinned?: readonly string[];
}

/** Why one skill of the registry is or is not in the catalog. */
export interface SkillTrace {
  skill: string;
  listed: boolean;
  /** A sentence: listed, left out for the budget, or the policy step that hid it. */
  reason: string;
  /** Every step of the policy decision (absent for a skill with validation errors). */
  steps?: PolicyReason[];
}

/** The system prompt of one turn, with what it is made of. */
export interface AgentPrompt {
  system: string;
  catalog: RenderCatalogResult;
  trace: SkillTrace[];
  activeSkills: string[];
}

/** Options for {@link createPromptAssembler}. */
export interface PromptAssemblerOptions {
  registry: SkillRegistry;
  gate: PolicyGate;
  base: string;
  catalog?: AgentCatalogOptions;
}

interface CatalogInputs {
  key: string;
  skills: CatalogSkill[];
  index: SkillIndex | undefined;
}

function renderActiveSkills(active: readonly SkillEntry[]): string {
  if (active.length === 0) return '';
  const lines = active.map((entry) => `- ${entry.name}: ${entry.description.replace(/\s+/g, ' ')}`);
  return `\n\n## Active skills\n\nTheir instructions are in the conversation above.\n\n${lines.join('\n')}`;
}

/**
 * Assembles system prompts (DESIGN.md §11): base + `## Skills` (the catalog the policy allows,
 * ranked by the message or stable, within the budget) + `## Active skills`; with a trace of why
 * each skill is listed or hidden.
 */
export function createPromptAssembler(options: PromptAssemblerOptions) {
  const { registry, gate, base } = options;
  const mode = options.catalog?.mode ?? 'ranked';
  const budget = options.catalog?.budget ?? DEFAULT_CATALOG_BUDGET;
  const format = options.catalog?.format ?? 'markdown';
  const pinned = options.catalog?.pinned ?? [];
  let inputs: CatalogInputs | undefined;

  const catalogInputs = (allowed: readonly SkillEntry[]): CatalogInputs => {
    const key = allowed.map((entry) => `${entry.name}\u0000${entry.description}`).join('\u0001');
    if (inputs?.key !== key)
      inputs = { key, skills: allowed.map(catalogSkillOf), index: undefined };
    return inputs;
  };

  const rankedNames = (current: CatalogInputs, query: string): string[] | undefined => {
    const listedFirst = pinned.filter((name) =>
      current.skills.some((skill) => skill.name.toLowerCase() === name.toLowerCase()),
    );
    if (mode !== 'ranked' || query.trim() === '') {
      return listedFirst.length === 0
        ? undefined
        : [...listedFirst, ...current.skills.map((skill) => skill.name)];
    }
    current.index ??= createSkillIndex(current.skills, loadRankerData());
    const ranked = current.index.rank(query, { limit: current.skills.length });
    return [...listedFirst, ...ranked.map((hit) => hit.skill.name)];
  };

  return async function assemble(query: string, activeNames: readonly string[]) {
    const entries = await registry.list();
    const allowed: SkillEntry[] = [];
    const hidden: SkillTrace[] = [];
    for (const entry of entries) {
      if (!entry.valid) {
        hidden.push({ skill: entry.name, listed: false, reason: 'Its SKILL.md has errors.' });
        continue;
      }
      const decision = await gate.decide(entry, 'catalog');
      if (decision.allowed) allowed.push(entry);
      else {
        const last = decision.reasons.at(-1);
        hidden.push({
          skill: entry.name,
          listed: false,
          reason: last?.message ?? 'Refused by policy.',
          steps: decision.reasons,
        });
      }
    }
    const current = catalogInputs(allowed);
    const names = rankedNames(current, query);
    const catalog = renderCatalog({
      skills: current.skills,
      budget,
      format,
      pinned,
      ...(names === undefined
        ? { mode: 'stable' as const }
        : { mode: 'ranked', rankedNames: names }),
    });
    const listed = new Set(catalog.entries.map((entry) => entry.name));
    const trace: SkillTrace[] = allowed.map((entry) => ({
      skill: entry.name,
      listed: listed.has(entry.name),
      reason: listed.has(entry.name)
        ? 'Listed: the policy allows it.'
        : `Left out: the catalog budget of ${budget} tokens was used by skills ranked higher.`,
    }));
    trace.push(...hidden);
    trace.sort((left, right) => left.skill.localeCompare(right.skill));

    const byName = new Map(allowed.map((entry) => [entry.name.toLowerCase(), entry]));
    const active = activeNames.flatMap((name) => byName.get(name.toLowerCase()) ?? []);
    const skillsSection =
      catalog.entries.length === 0 ? '' : `\n\n## Skills\n\n${catalog.text.trimEnd()}`;
    const system = `${base}${skillsSection}${renderActiveSkills(active)}`;
    return { system, catalog, trace, activeSkills: active.map((entry) => entry.name) };
  };
}
