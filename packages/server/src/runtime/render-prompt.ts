import {
  type CatalogFormat,
  type CatalogMode,
  type CatalogSkill,
  createSkillIndex,
  type RenderCatalogResult,
  renderCatalog,
  type SkillIndex,
} from '@skillset/core';
import { loadRankerData } from '@skillset/core/node';
import type { ResolvedPolicy } from './policy-resolver.ts';
import { listAllowedEntries } from './workspace-gate.ts';
import type { WorkspaceSkills } from './workspace-skills.ts';

/** Options for {@link renderPrompt}. */
export interface RenderPromptOptions {
  skills: WorkspaceSkills;
  policy: ResolvedPolicy;
  query?: string;
  /** Tokens; default: the agent's catalog budget. */
  budget?: number;
  format?: CatalogFormat;
  mode?: CatalogMode;
}

/** The rendered catalog and its JSON text, ready to send. */
export interface RenderPromptResult {
  catalog: RenderCatalogResult;
  /** The catalog as UTF-8 JSON bytes. */
  json: Uint8Array;
  /** The skills listed in the text, for logs. */
  listed: readonly string[];
}

interface CatalogInputs {
  skills: CatalogSkill[];
  index: () => SkillIndex;
  results: Map<string, RenderPromptResult>;
}

const MAXIMUM_CACHED_RESULTS = 256;

async function catalogInputs(skills: WorkspaceSkills, policy: ResolvedPolicy) {
  return skills.derived(`${policy.key}|catalog`, async (): Promise<CatalogInputs> => {
    const entries = await listAllowedEntries(skills, policy, 'catalog');
    const catalogSkills = entries.map((entry) => {
      const skill: CatalogSkill = {
        name: entry.name,
        description: entry.description,
        location: `${entry.path}/SKILL.md`,
      };
      if (entry.manifest?.tags !== undefined) skill.tags = entry.manifest.tags;
      if (entry.manifest?.category !== undefined) skill.category = entry.manifest.category;
      return skill;
    });
    let index: SkillIndex | undefined;
    return {
      skills: catalogSkills,
      index: () => {
        index ??= createSkillIndex(catalogSkills, loadRankerData());
        return index;
      },
      results: new Map(),
    };
  });
}

/** The skills of a principal's catalog as the ranker reads them. */
export async function catalogSkillsOf(
  skills: WorkspaceSkills,
  policy: ResolvedPolicy,
): Promise<readonly CatalogSkill[]> {
  return (await catalogInputs(skills, policy)).skills;
}

/** The ranker over the skills in a principal's catalog: the one its ranked catalog uses. */
export async function catalogIndex(skills: WorkspaceSkills, policy: ResolvedPolicy) {
  return (await catalogInputs(skills, policy)).index();
}

/**
 * Renders the catalog a principal's model sees (DESIGN.md §6): the allowed skills, the agent's
 * pinned skills first; inputs, index and results are cached until the skills or the policy change.
 */
export async function renderPrompt(options: RenderPromptOptions): Promise<RenderPromptResult> {
  const { skills, policy } = options;
  const format = options.format ?? 'markdown';
  const mode = options.mode ?? 'stable';
  const budget = options.budget ?? policy.catalogBudget;
  const query = options.query ?? '';
  const inputs = await catalogInputs(skills, policy);
  const key = `${format}|${mode}|${budget}|${query}`;
  const cached = inputs.results.get(key);
  if (cached !== undefined) return cached;

  const available = new Set(inputs.skills.map((skill) => skill.name.toLowerCase()));
  const pinned = policy.pinnedSkills.filter((name) => available.has(name.toLowerCase()));
  const byLowerName = new Map(inputs.skills.map((skill) => [skill.name.toLowerCase(), skill.name]));
  const pinnedNames = pinned.map((name) => byLowerName.get(name.toLowerCase()) as string);
  const ranked = mode === 'ranked' && query.trim() !== '';
  let rankedNames: string[] | undefined;
  if (pinnedNames.length > 0) {
    const rest = ranked
      ? inputs
          .index()
          .rank(query, { limit: inputs.skills.length })
          .map((hit) => hit.skill.name)
      : [];
    rankedNames = [...pinnedNames, ...rest];
  }
  const catalog = renderCatalog({
    skills: inputs.skills,
    budget,
    format,
    pinned: pinnedNames,
    ...(rankedNames === undefined
      ? { mode, ...(ranked ? { query, index: inputs.index() } : {}) }
      : { mode: 'ranked' as const, rankedNames }),
  });
  const result: RenderPromptResult = {
    catalog,
    json: new TextEncoder().encode(JSON.stringify({ ...catalog, budget })),
    listed: catalog.entries.map((entry) => entry.name),
  };
  if (inputs.results.size >= MAXIMUM_CACHED_RESULTS) inputs.results.clear();
  inputs.results.set(key, result);
  return result;
}
