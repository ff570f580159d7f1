import { decide, POLICY_SURFACES, type SkillEntryPoint } from '@skillset/core';
import {
  createTempDir,
  ENTRY_POINT_SURFACES,
  resolvePolicySurface,
  type TempDir,
} from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSurfaces } from './agent-surfaces.ts';
import { cliSurfaces } from './cli-surfaces.ts';
import { coreSurfaces } from './core-surfaces.ts';
import { createEligibilityFixture, type EligibilityFixture } from './eligibility-fixture.ts';
import { httpSurfaces } from './http-surfaces.ts';
import { mcpSurfaces } from './mcp-surfaces.ts';
import { type PolicyScenario, policyScenarios, type ScenarioSkill } from './policy-scenarios.ts';
import {
  type OpenWorld,
  observe,
  type SkillObservation,
  type SurfaceAdapter,
  type SurfaceFamily,
} from './surface-family.ts';

let folder: TempDir;
let fixture: EligibilityFixture;
const eligibility = () => fixture;

beforeAll(async () => {
  folder = await createTempDir('skillset-surfaces-');
  fixture = await createEligibilityFixture(folder.path);
});

afterAll(() => folder[Symbol.asyncDispose]());

/** What `decide()` says the adapter must answer for each skill of the scenario. */
function decided<World extends OpenWorld>(
  adapter: SurfaceAdapter<World>,
  world: World,
  scenario: PolicyScenario,
): Record<string, SkillObservation> {
  const expected: Record<string, SkillObservation> = {};
  for (const skill of scenario.skills) {
    const decision = decide(world.subject(skill), world.context, adapter.entryPoint);
    const observation: SkillObservation = {};
    if (adapter.list !== undefined) observation.listed = decision.visible;
    if (adapter.use !== undefined) observation.allowed = decision.allowed;
    if (adapter.flags) observation.flagged = decision.allowed && decision.requiresApproval;
    expected[skill.name] = observation;
  }
  return expected;
}

/** The policy surfaces on which `decide()` allows a skill in a world, and those that need approval. */
function verdict(world: OpenWorld, skill: ScenarioSkill) {
  const decisions = POLICY_SURFACES.map((surface) =>
    decide(world.subject(skill), world.context, surface),
  );
  return {
    allowedOn: POLICY_SURFACES.filter((_surface, index) => decisions[index]?.allowed),
    // `run` asks by default with no rule at all (decide-run.test.ts); here approval is an ask rule's.
    approvalOn: decisions
      .filter((decision) => decision.surface !== 'run' && decision.requiresApproval)
      .map((decision) => decision.surface),
  };
}

/** The uses that a listing on `listing`'s surface promises: the same surface, and `model` for `catalog`. */
function promisedUses<World extends OpenWorld>(
  listing: SurfaceAdapter<World>,
  adapters: readonly SurfaceAdapter<World>[],
): SurfaceAdapter<World>[] {
  const listed = resolvePolicySurface(listing.entryPoint);
  return adapters.filter((adapter) => {
    if (adapter.use === undefined) return false;
    const used = resolvePolicySurface(adapter.entryPoint);
    return used === listed || (listed === 'catalog' && used === 'model');
  });
}

function describeFamily<World extends OpenWorld>(family: SurfaceFamily<World>) {
  describe(family.name, () => {
    let tearDown: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      tearDown = await family.setUp?.();
    });
    afterAll(() => tearDown?.());

    describe.each(
      policyScenarios.map((scenario) => [scenario.name, scenario] as const),
    )('%s', (_name, scenario) => {
      const reason = family.skipReason(scenario);
      if (reason !== undefined) {
        it.skip(`skipped: ${reason}`, () => {});
        return;
      }
      let world: World;
      const observations = new Map<string, Promise<Record<string, SkillObservation>>>();
      const observed = (adapter: SurfaceAdapter<World>) => {
        let found = observations.get(adapter.name);
        if (found === undefined) {
          found = observe(adapter, world, scenario);
          observations.set(adapter.name, found);
        }
        return found;
      };
      beforeAll(async () => {
        world = await family.open(scenario);
      });
      afterAll(() => world?.close());

      it("decide() gives the scenario's verdicts for this family's principal", () => {
        const actual = Object.fromEntries(
          scenario.skills.map((skill) => [skill.name, verdict(world, skill)]),
        );
        const expected = Object.fromEntries(
          scenario.skills.map((skill) => [
            skill.name,
            { allowedOn: [...skill.allowedOn], approvalOn: [...(skill.approvalOn ?? [])] },
          ]),
        );
        expect(actual).toEqual(expected);
        expect(actual[scenario.control]).toEqual({ allowedOn: POLICY_SURFACES, approvalOn: [] });
      });

      it.each(
        family.adapters.map((adapter) => [adapter.name, adapter.entryPoint, adapter] as const),
      )('%s answers as decide() on %s', async (_adapterName, _entryPoint, adapter) => {
        expect(await observed(adapter)).toEqual(decided(adapter, world, scenario));
      });

      const pairs = family.adapters.flatMap((listing) =>
        listing.list === undefined
          ? []
          : promisedUses(listing, family.adapters).map((use) => [listing, use] as const),
      );
      if (pairs.length > 0) {
        it('never lists a skill that a use on the same surface then refuses', async () => {
          const refusedAfterListing: string[] = [];
          for (const [listing, use] of pairs) {
            const listed = await observed(listing);
            const used = await observed(use);
            for (const [skill, observation] of Object.entries(listed)) {
              if (observation.listed && used[skill]?.allowed === false) {
                refusedAfterListing.push(
                  `${skill}: listed by ${listing.name}, refused by ${use.name}`,
                );
              }
            }
          }
          expect(refusedAfterListing).toEqual([]);
        });
      }
    });
  });
}

const cli = cliSurfaces(eligibility);
const core = coreSurfaces(eligibility);
const mcp = mcpSurfaces(eligibility);
const http = httpSurfaces(eligibility);
const agent = agentSurfaces(eligibility);
const families: readonly { adapters: readonly { entryPoint: SkillEntryPoint }[] }[] = [
  cli,
  core,
  mcp,
  http,
  agent,
];

describe('every surface answers as decide()', () => {
  it('drives a real surface for every entry point but the management API', () => {
    const driven = new Set(
      families.flatMap((family) => family.adapters.map((adapter) => adapter.entryPoint)),
    );
    const undriven = (Object.keys(ENTRY_POINT_SURFACES) as SkillEntryPoint[]).filter(
      (entryPoint) => !driven.has(entryPoint),
    );
    // Manage rights come from the agent's role (decision 0108); test/server covers them.
    expect(undriven).toEqual(['api_manage']);
  });

  describeFamily(cli);
  describeFamily(core);
  describeFamily(mcp);
  describeFamily(http);
  describeFamily(agent);
});
