import type { PolicyContext, PolicySubject, SkillEntryPoint } from '@skillset/core';
import type { PolicyScenario, ScenarioSkill } from './policy-scenarios.ts';

/** What using a skill through a surface did: went through or refused, and whether a person was asked. */
export interface SurfaceUse {
  allowed: boolean;
  /** The surface asked for (or reported the need for) a person's approval. */
  flagged?: boolean;
}

/**
 * One real way a skill is reached, driven for real. `list` answers which skill names the surface
 * shows; `use` answers whether using one goes through. `entryPoint` is what `decide()` is asked.
 */
export interface SurfaceAdapter<World> {
  name: string;
  entryPoint: SkillEntryPoint;
  list?: (world: World) => Promise<readonly string[]>;
  use?: (world: World, skill: string) => Promise<SurfaceUse>;
  /** `use` reports approval (`flagged`); surfaces without an approval step leave it out. */
  flags?: boolean;
}

/** What a family's world must offer the suite besides what its adapters use. */
export interface OpenWorld {
  /** The context `decide()` gets for the principal this world's surfaces serve. */
  context: PolicyContext;
  /** The policy subject of a scenario skill, as this world holds it. */
  subject(skill: ScenarioSkill): PolicySubject;
  close(): Promise<void>;
}

/** Surfaces that share one setup (the CLI, core's tools, MCP, the HTTP API) and their adapters. */
export interface SurfaceFamily<World extends OpenWorld> {
  name: string;
  /** Why this family cannot express a scenario; `undefined` when it can. */
  skipReason(scenario: PolicyScenario): string | undefined;
  /** Shared setup for every scenario (e.g. one server); the returned function tears it down. */
  setUp?(): Promise<() => Promise<void>>;
  /** Builds the family's world for one scenario, once for all of its assertions. */
  open(scenario: PolicyScenario): Promise<World>;
  adapters: readonly SurfaceAdapter<World>[];
}

/** A skill as one adapter answered for it (or `decide()` says it must answer). */
export interface SkillObservation {
  listed?: boolean;
  allowed?: boolean;
  flagged?: boolean;
}

/** Drives one adapter over every skill of a scenario. */
export async function observe<World extends OpenWorld>(
  adapter: SurfaceAdapter<World>,
  world: World,
  scenario: PolicyScenario,
): Promise<Record<string, SkillObservation>> {
  const listed = adapter.list === undefined ? undefined : new Set(await adapter.list(world));
  const observations: Record<string, SkillObservation> = {};
  for (const { name } of scenario.skills) {
    const observation: SkillObservation = {};
    if (listed !== undefined) observation.listed = listed.has(name);
    if (adapter.use !== undefined) {
      const use = await adapter.use(world, name);
      observation.allowed = use.allowed;
      if (adapter.flags) observation.flagged = use.flagged ?? false;
    }
    observations[name] = observation;
  }
  return observations;
}
