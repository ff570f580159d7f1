import { describe, expect, it } from 'vitest';
import {
  decide,
  ENTRY_POINT_SURFACES,
  type PolicyContext,
  type PolicySubject,
  type PolicySurface,
  type SkillEntryPoint,
} from '../../packages/core/src/policy/index.ts';
import { allowedScenario, deniedScenario, policyScenarios } from './policy-scenarios.ts';

/**
 * One way a skill is reached. `list` answers which of the given skills the surface shows; `use`
 * answers whether using one goes through (approval aside). Plug a real implementation in by
 * replacing the policy-backed default for its entry point, or by adding an entry.
 */
interface SurfaceUnderTest {
  name: string;
  surface: PolicySurface;
  list?: (skills: readonly PolicySubject[], context: PolicyContext) => string[] | Promise<string[]>;
  use?: (skill: PolicySubject, context: PolicyContext) => boolean | Promise<boolean>;
}

const listingEntryPoints = new Set<SkillEntryPoint>([
  'catalog',
  'search_skills',
  'sandbox_list',
  'api_commands',
  'mcp_prompt',
  'manage_tool',
]);

function policyBacked(entryPoint: SkillEntryPoint): SurfaceUnderTest {
  const surface = ENTRY_POINT_SURFACES[entryPoint];
  const listed = (skills: readonly PolicySubject[], context: PolicyContext) =>
    skills
      .filter((skill) => decide(skill, context, entryPoint).visible)
      .map((skill) => skill.manifest.name);
  const use = (skill: PolicySubject, context: PolicyContext) =>
    decide(skill, context, entryPoint).allowed;
  return {
    name: entryPoint,
    surface,
    ...(listingEntryPoints.has(entryPoint) ? { list: listed } : {}),
    ...(surface === 'catalog' ? {} : { use }),
  };
}

/** Every surface of Skillset; the lead swaps in the real catalog, tools, MCP and sandbox here. */
const surfaces: SurfaceUnderTest[] = (Object.keys(ENTRY_POINT_SURFACES) as SkillEntryPoint[]).map(
  policyBacked,
);

async function reaches(surface: SurfaceUnderTest, skill: PolicySubject, context: PolicyContext) {
  const answers: boolean[] = [];
  if (surface.list)
    answers.push((await surface.list([skill], context)).includes(skill.manifest.name));
  if (surface.use) answers.push(await surface.use(skill, context));
  return answers;
}

describe('every surface', () => {
  it('covers every policy surface and every listed entry point', () => {
    expect(new Set(surfaces.map((surface) => surface.surface))).toEqual(
      new Set(['catalog', 'model', 'user', 'read', 'manage']),
    );
    for (const name of [
      'use_skill',
      'slash_command',
      'mcp_tool',
      'mcp_prompt',
      'dispatch_tool',
      'sandbox_list',
      'sandbox_read',
    ]) {
      expect(surfaces.map((surface) => surface.name)).toContain(name);
    }
    for (const surface of surfaces) expect(surface.list ?? surface.use).toBeDefined();
  });

  it.each(
    surfaces.map((surface) => [surface.name, surface] as const),
  )('refuses the denied skill on %s', async (_name, surface) => {
    const answers = await reaches(surface, deniedScenario.skill, deniedScenario.context);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer === false)).toBe(true);
  });

  it.each(
    surfaces.map((surface) => [surface.name, surface] as const),
  )('allows the control skill on %s', async (_name, surface) => {
    const answers = await reaches(surface, allowedScenario.skill, allowedScenario.context);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer === true)).toBe(true);
  });

  describe.each(
    policyScenarios.map((scenario) => [scenario.name, scenario] as const),
  )('%s', (_name, scenario) => {
    it.each(
      surfaces.map((surface) => [surface.name, surface] as const),
    )('is answered on %s as on its policy surface', async (_surfaceName, surface) => {
      const expected = scenario.allowed[surface.surface];
      for (const answer of await reaches(surface, scenario.skill, scenario.context)) {
        expect(answer).toBe(expected);
      }
    });
  });

  it('never lists on a surface what it then refuses to use there', async () => {
    for (const scenario of policyScenarios) {
      for (const surface of surfaces) {
        if (!surface.list || !surface.use) continue;
        const listed = (await surface.list([scenario.skill], scenario.context)).length > 0;
        if (listed) expect(await surface.use(scenario.skill, scenario.context)).toBe(true);
      }
    }
  });

  it('never shows the model a skill the model may not use', async () => {
    const modelListings = surfaces.filter(
      (surface) => surface.surface === 'catalog' && surface.list,
    );
    expect(modelListings.length).toBeGreaterThan(0);
    for (const scenario of policyScenarios) {
      const modelMayUse = decide(scenario.skill, scenario.context, 'model').allowed;
      for (const surface of modelListings) {
        const listed = (await surface.list?.([scenario.skill], scenario.context)) ?? [];
        if (!modelMayUse) expect(listed).toEqual([]);
      }
    }
  });
});
