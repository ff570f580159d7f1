import {
  type ApproveFunction,
  type AvailableTool,
  createActivationSession,
  createMemorySource,
  createPolicyGate,
  createRegistry,
  createSkillTools,
  type PolicyContext,
  renderCatalog,
  type SkillRegistry,
  type SkillStore,
  type SkillTool,
  type SkillToolResult,
} from '@skillset/core';
import { createNodePolicyEnvironment } from '@skillset/core/node';
import {
  createMemorySkillStore,
  createSandboxSkillsApi,
  MAX_SEARCH_LIMIT,
  type SandboxSkillsApi,
  type SkillScriptRunner,
} from '@skillset/core/test';
import type { EligibilityFixture } from './eligibility-fixture.ts';
import {
  DISPATCH_TARGET,
  type PolicyScenario,
  REFERENCE_FILE,
  SEARCH_WORD,
  scenarioSkillText,
  scenarioSubject,
} from './policy-scenarios.ts';
import { agentScenarioContext, type ScenarioIds } from './scenario-policies.ts';
import type { OpenWorld, SurfaceAdapter, SurfaceFamily, SurfaceUse } from './surface-family.ts';

/** The ids core's worlds give the scenario's principals. */
export const CORE_IDS: ScenarioIds = {
  workspace: 'workspace-1',
  agent: 'agent-1',
  otherAgent: 'agent-2',
  user: 'user-1',
};

/** A registry in memory, with a store (the enabled switch) and an approver that says yes and keeps a log. */
export interface MemoryWorld extends OpenWorld {
  registry: SkillRegistry;
  store: SkillStore;
  policy: PolicyContext;
  approve: ApproveFunction;
  /** `tool:skill` for every approval asked, in order. */
  approvals: string[];
}

/** Core's tools, sandbox API and catalog over a {@link MemoryWorld}. */
export interface CoreWorld extends MemoryWorld {
  tools: SkillTool[];
  sandbox: SandboxSkillsApi;
}

/** The tool a `tool-dispatch` skill wraps; the agent has it, so wrappers may be created. */
export const dispatchTarget: AvailableTool = {
  name: DISPATCH_TARGET,
  inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
  execute: (input) => `ran ${JSON.stringify(input)}`,
};

/** Loads a scenario's skills into a memory registry and switches off the disabled ones in its store. */
export async function openMemoryWorld(
  scenario: PolicyScenario,
  fixture: EligibilityFixture,
): Promise<MemoryWorld> {
  const source = createMemorySource({
    scope: 'workspace',
    skills: scenario.skills.map((skill) => ({
      text: scenarioSkillText(skill),
      files: { [REFERENCE_FILE]: `# ${skill.name}\n` },
    })),
  });
  const registry = createRegistry({ sources: [source] });
  await registry.load();
  const store = createMemorySkillStore({ source });
  for (const skill of scenario.skills) {
    if (skill.enabled === false) await store.setEnabled(skill.name, false);
  }
  const environment = createNodePolicyEnvironment({
    env: fixture.env,
    searchPath: fixture.binDir,
    configKeys: fixture.configKeys,
  });
  const policy = agentScenarioContext(scenario, CORE_IDS, environment);
  const approvals: string[] = [];
  return {
    registry,
    store,
    policy,
    approvals,
    approve: (request) => {
      approvals.push(`${request.tool}:${request.skill}`);
      return true;
    },
    context: policy,
    subject: (skill) => scenarioSubject(skill, 'workspace'),
    close: () => registry.close(),
  };
}

/** Runs a use and reports whether it went through and whether an approval for `skill` was asked meanwhile. */
export async function approvedUse(
  world: { approvals: string[] },
  skill: string,
  run: () => Promise<boolean>,
): Promise<SurfaceUse> {
  const before = world.approvals.length;
  const allowed = await run();
  const asked = world.approvals.slice(before).some((entry) => entry.endsWith(`:${skill}`));
  return { allowed, flagged: asked };
}

function tool(world: CoreWorld, name: string): SkillTool | undefined {
  return world.tools.find((candidate) => candidate.name === name);
}

/** A use refused the way core refuses a denied skill: like an unknown one. */
function wentThrough(result: SkillToolResult): boolean {
  if (result.ok) return true;
  if (['unknown_skill', 'invalid_input'].includes(result.error.code)) return false;
  throw new Error(`unexpected tool failure ${result.error.code}: ${result.error.message}`);
}

/** A script tool's use: it ran, or it was refused as the `run` decision refuses. */
function scriptWentThrough(result: SkillToolResult): boolean {
  if (result.ok) return true;
  if (result.error.code === 'run_denied') return false;
  throw new Error(`unexpected tool failure ${result.error.code}: ${result.error.message}`);
}

/** A runner that runs nothing: the policy suite checks who may run, not what runs. */
const idleRunner: SkillScriptRunner = {
  run: async () => ({
    exitCode: 0,
    signal: null,
    timedOut: false,
    stdout: 'ran\n',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 1,
    files: [{ path: 'out.txt', size: 3 }],
    sandbox: 'bubblewrap',
  }),
  readScratchFile: async () => ({ bytes: new TextEncoder().encode('out'), size: 3 }),
};

async function call(world: CoreWorld, name: string, input: unknown): Promise<SkillToolResult> {
  const found = tool(world, name);
  if (found === undefined) throw new Error(`no ${name} tool`);
  return found.execute(input);
}

const coreAdapters: SurfaceAdapter<CoreWorld>[] = [
  {
    name: 'catalog (createPolicyGate.list + renderCatalog)',
    entryPoint: 'catalog',
    async list(world) {
      const { registry, policy, store } = world;
      const entries = await createPolicyGate({ registry, policy, store }).list('catalog');
      const { entries: listed } = renderCatalog({
        skills: entries.map((entry) => ({ name: entry.name, description: entry.description })),
      });
      return listed.map((entry) => entry.name);
    },
  },
  {
    name: 'use_skill',
    entryPoint: 'use_skill',
    async list(world) {
      const schema = tool(world, 'use_skill')?.inputSchema as
        | { properties: { skill: { enum: string[] } } }
        | undefined;
      return schema?.properties.skill.enum ?? [];
    },
    use: (world, skill) =>
      approvedUse(world, skill, async () =>
        wentThrough(await call(world, 'use_skill', { skill, arguments: 'now' })),
      ),
    flags: true,
  },
  {
    name: 'search_skills',
    entryPoint: 'search_skills',
    async list(world) {
      const result = await call(world, 'search_skills', {
        query: SEARCH_WORD,
        limit: MAX_SEARCH_LIMIT,
      });
      if (!result.ok) throw new Error(result.error.message);
      return (result.data as { hits: { name: string }[] }).hits.map((hit) => hit.name);
    },
  },
  {
    name: 'read_skill_file',
    entryPoint: 'read_skill_file',
    use: (world, skill) =>
      approvedUse(world, skill, async () =>
        wentThrough(await call(world, 'read_skill_file', { skill, path: REFERENCE_FILE })),
      ),
    flags: true,
  },
  {
    name: 'dispatch wrappers skill_<name>',
    entryPoint: 'dispatch_tool',
    async list(world) {
      return world.tools
        .filter((each) => each.name.startsWith('skill_'))
        .map((each) => each.name.slice('skill_'.length));
    },
    use: (world, skill) =>
      approvedUse(world, skill, async () => {
        const wrapper = tool(world, `skill_${skill}`);
        return wrapper !== undefined && wentThrough(await wrapper.execute({ command: 'true' }));
      }),
    flags: true,
  },
  {
    name: 'sandbox skills.list',
    entryPoint: 'sandbox_list',
    async list(world) {
      return (await world.sandbox.list()).map((skill) => skill.name);
    },
  },
  {
    name: 'sandbox skills.read',
    entryPoint: 'sandbox_read',
    use: (world, skill) =>
      approvedUse(world, skill, async () => {
        try {
          return (await world.sandbox.read(skill)).name === skill;
        } catch (error) {
          if ((error as { code?: string }).code === 'skill_not_found') return false;
          throw error;
        }
      }),
    flags: true,
  },
  {
    name: 'run_skill_script (every skill active)',
    entryPoint: 'run_skill_script',
    use: (world, skill) =>
      approvedUse(world, skill, async () =>
        scriptWentThrough(
          await call(world, 'run_skill_script', { skill, script: 'scripts/run.py' }),
        ),
      ),
    flags: true,
  },
  {
    // Reading what a run wrote asks no one: the run itself was the approved action.
    name: 'read_scratch_file (every skill active)',
    entryPoint: 'read_scratch_file',
    use: async (world, skill) => ({
      allowed: scriptWentThrough(
        await call(world, 'read_scratch_file', { skill, path: 'out.txt' }),
      ),
    }),
  },
  {
    name: 'list_skills (include_disabled)',
    entryPoint: 'manage_tool',
    async list(world) {
      const result = await call(world, 'list_skills', { include_disabled: true });
      if (!result.ok) throw new Error(result.error.message);
      return (result.data as { skills: { name: string }[] }).skills.map((skill) => skill.name);
    },
  },
  {
    name: 'read_skill',
    entryPoint: 'manage_tool',
    use: (world, skill) =>
      approvedUse(world, skill, async () =>
        wentThrough(await call(world, 'read_skill', { skill })),
      ),
    flags: true,
  },
];

/** `@skillset/core` embedded in an agent: `createSkillTools`, the sandbox API and the catalog. */
export function coreSurfaces(fixture: () => EligibilityFixture): SurfaceFamily<CoreWorld> {
  return {
    name: '@skillset/core',
    skipReason: () => undefined,
    async open(scenario) {
      const world = await openMemoryWorld(scenario, fixture());
      const { registry, policy, store, approve } = world;
      // Every skill is active, so the script tools answer by policy alone.
      const session = createActivationSession({ id: 'scenario' });
      for (const skill of scenario.skills) session.markActive(skill.name);
      const tools = await createSkillTools({
        registry,
        policy,
        store,
        approve,
        session,
        availableTools: [dispatchTarget],
        scripts: { runner: idleRunner },
      });
      const sandbox = createSandboxSkillsApi({ registry, policy, store, approve });
      return { ...world, tools, sandbox };
    },
    adapters: coreAdapters,
  };
}
