import { z } from 'zod';
import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import type { PolicyGate } from '../policy/create-policy-gate.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import {
  createSkillIndex,
  type RankerData,
  type SkillIndex,
  type SkillSearchHit,
} from '../search/create-skill-index.ts';
import { searchSkills } from '../search/search-skills.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import type { SkillTool } from './skill-tool.ts';
import { toolSuccess } from './tool-result.ts';

/** The most results one `search_skills` call returns. */
export const MAX_SEARCH_LIMIT = 50;

/** Options for {@link createSearchSkillsTool}. */
export interface SearchSkillsToolOptions {
  registry: SkillRegistry;
  gate: PolicyGate;
  /** The skills the model may find (already decided on the `search_skills` entry point). */
  skills: readonly SkillEntry[];
  /** A prebuilt index (it may hold more skills: hits are filtered by policy); built from `skills` otherwise. */
  index?: SkillIndex;
  /** Synonyms and word vectors for the index built from `skills` (e.g. `loadRankerData()`); none by default. */
  ranker?: RankerData;
}

/** Creates `search_skills {query, limit?}`: ranked search over the skills the model may use. */
export function createSearchSkillsTool(
  options: SearchSkillsToolOptions,
): SkillTool<{ hits: SkillSearchHit[] }> {
  const { registry, gate, skills } = options;
  let index = options.index;
  const getIndex = (): SkillIndex => {
    index ??= createSkillIndex(skills.map(toCatalogSkill), options.ranker ?? {});
    return index;
  };
  const isAllowed = async (name: string): Promise<boolean> => {
    const entry = await registry.resolve(name);
    return entry !== undefined && (await gate.decide(entry, 'search_skills')).allowed;
  };
  return defineSkillTool({
    name: 'search_skills',
    description:
      'Search the available skills by what you need to do; returns the best matches with their descriptions. Use it when no skill in the catalog fits, or the catalog says more skills exist.',
    input: z
      .object({
        query: z.string().trim().min(1, 'must not be empty').describe('What you need a skill for.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_SEARCH_LIMIT)
          .optional()
          .describe(`How many results to return (default 10, at most ${MAX_SEARCH_LIMIT}).`),
      })
      .strict(),
    async run({ query, limit = 10 }) {
      const searchIndex = getIndex();
      const candidates = searchSkills(query, {
        index: searchIndex,
        limit: searchIndex.skills.length,
      });
      const hits: SkillSearchHit[] = [];
      for (const hit of candidates) {
        if (hits.length >= limit) break;
        if (await isAllowed(hit.name)) hits.push(hit);
      }
      if (hits.length === 0) {
        return toolSuccess(`No skill matches ${JSON.stringify(query)}.`, { hits });
      }
      const lines = hits.map((hit, position) => `${position + 1}. ${hit.name}: ${hit.description}`);
      return toolSuccess(
        `Skills matching ${JSON.stringify(query)}, best first (use one with use_skill):\n${lines.join('\n')}`,
        { hits },
      );
    },
  });
}

function toCatalogSkill(entry: SkillEntry): CatalogSkill {
  const skill: CatalogSkill = { name: entry.name, description: entry.description };
  if (entry.manifest !== undefined) {
    skill.tags = entry.manifest.tags;
    if (entry.manifest.category !== undefined) skill.category = entry.manifest.category;
  }
  return skill;
}
