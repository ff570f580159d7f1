import { type AgentEvent, createAgent } from '@skillset/agent';
import { createScriptedModel, type ScriptedReply } from '@skillset/agent/test';
import { approvedUse, type MemoryWorld, openMemoryWorld } from './core-surfaces.ts';
import type { EligibilityFixture } from './eligibility-fixture.ts';
import type { SurfaceAdapter, SurfaceFamily } from './surface-family.ts';

/** Runs one agent turn over the world with a model that plays `script`; returns its events. */
async function turn(
  world: MemoryWorld,
  message: string,
  script: ScriptedReply[],
): Promise<AgentEvent[]> {
  const { model } = createScriptedModel(script);
  const agent = createAgent({
    model,
    registry: world.registry,
    policy: world.policy,
    store: world.store,
    approve: (request) => (request.kind === 'skill' ? world.approve(request) : true),
  });
  const events: AgentEvent[] = [];
  for await (const event of agent.send(message)) events.push(event);
  return events;
}

function activated(events: readonly AgentEvent[], skill: string, by: 'user' | 'model'): boolean {
  return events.some(
    (event) => event.type === 'activation' && event.skill === skill && event.by === by,
  );
}

const agentAdapters: SurfaceAdapter<MemoryWorld>[] = [
  {
    name: 'createAgent: the system prompt’s catalog',
    entryPoint: 'catalog',
    async list(world) {
      const { model } = createScriptedModel([]);
      const agent = createAgent({
        model,
        registry: world.registry,
        policy: world.policy,
        store: world.store,
      });
      return (await agent.prompt('any request')).catalog.entries.map((entry) => entry.name);
    },
  },
  {
    name: 'createAgent: the model calls use_skill',
    entryPoint: 'use_skill',
    use: (world, skill) =>
      approvedUse(world, skill, async () =>
        activated(
          await turn(world, 'Please help.', [
            { toolCalls: [{ toolName: 'use_skill', input: { skill, arguments: 'now' } }] },
            { text: 'Done.' },
          ]),
          skill,
          'model',
        ),
      ),
    flags: true,
  },
  {
    name: 'createAgent: a person types /name',
    entryPoint: 'slash_command',
    use: (world, skill) =>
      approvedUse(world, skill, async () =>
        activated(await turn(world, `/${skill} now`, [{ text: 'Done.' }]), skill, 'user'),
      ),
    flags: true,
  },
];

/** `@skillset/agent`'s `createAgent` with a mock model (the AI SDK's), over a memory registry. */
export function agentSurfaces(fixture: () => EligibilityFixture): SurfaceFamily<MemoryWorld> {
  return {
    name: '@skillset/agent (createAgent)',
    skipReason: () => undefined,
    open: (scenario) => openMemoryWorld(scenario, fixture()),
    adapters: agentAdapters,
  };
}
