import type { ActivationSession } from '../invoke/activation-session.ts';
import {
  type ApproveFunction,
  createPolicyGate,
  type PolicyGate,
} from '../policy/create-policy-gate.ts';
import type { PolicyContext } from '../policy/policy-context.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { RankerData, SkillIndex } from '../search/create-skill-index.ts';
import { principalKindOf } from '../telemetry/skill-span-attributes.ts';
import { traceSkillTool } from '../telemetry/trace-skill-tool.ts';
import { type AvailableTool, createDispatchTools } from './create-dispatch-tools.ts';
import { createManagementTools } from './create-management-tools.ts';
import { createReadScratchFileTool } from './create-read-scratch-file-tool.ts';
import { createReadSkillFileTool } from './create-read-skill-file-tool.ts';
import { createRunSkillScriptTool } from './create-run-skill-script-tool.ts';
import { createSearchSkillsTool } from './create-search-skills-tool.ts';
import { createUseSkillTool, type RunForkFunction } from './create-use-skill-tool.ts';
import type {
  SecretsForFunction,
  SkillScriptRunner,
  SkillScriptRunRecord,
} from './skill-script-runner.ts';
import type { SkillStore } from './skill-store.ts';
import type { SkillTool } from './skill-tool.ts';

/** How the session runs skill scripts: `run_skill_script` and `read_scratch_file`. */
export interface SkillScriptToolsOptions {
  /** The host's sandboxed runner (for Node, `createSkillScriptRunner` of `@skillset/core/node`). */
  runner: SkillScriptRunner;
  /** The values of the secrets bound to a skill; default none. */
  secretsFor?: SecretsForFunction;
  /** Called once per attempted run on an active skill, for the host's audit log. */
  onRun?: (record: SkillScriptRunRecord) => void;
  /** Give the network to skills that declare `requires.network: true`; default true. */
  allowNetwork?: boolean;
  /** Longest stdout or stderr text the model reads from a run, in characters. */
  maxOutputChars?: number;
  /** Largest part of a scratch file `read_scratch_file` returns, in bytes. */
  maxScratchFileBytes?: number;
}

/** Options for {@link createSkillTools}. */
export interface SkillToolsOptions {
  registry: SkillRegistry;
  /** Who asks, and the rules that apply (DESIGN.md §5). */
  policy: PolicyContext;
  /** The conversation's session: a skill already active is not placed twice. */
  session?: ActivationSession;
  /** A writable store: enables the management tools and supplies each skill's enabled switch. */
  store?: SkillStore;
  /** A prebuilt search index for `search_skills` (hits are filtered by policy). */
  index?: SkillIndex;
  /** Synonyms and word vectors for `search_skills` when no `index` is given (e.g. `loadRankerData()`). */
  ranker?: RankerData;
  /** The agent's tools, which `tool-dispatch` skills may wrap as `skill_<name>`. */
  availableTools?: readonly AvailableTool[];
  /** Runs `context: fork` skills as sub-agents; without it `use_skill` returns the fork request. */
  runFork?: RunForkFunction;
  /** Asks a person where a rule says `ask`; without it such uses are refused. */
  approve?: ApproveFunction;
  /** The host's gate (e.g. the server's, with its own policy subjects); default: one over `registry` and `policy`. */
  gate?: PolicyGate;
  /** Largest text `read_skill_file` returns, in bytes. */
  maxFileBytes?: number;
  /** Makes the registry see a management write; defaults to `registry.refresh()`. */
  afterWrite?: () => Promise<void>;
  /** Runs the active skills' scripts; needs `session`. Without it there are no script tools. */
  scripts?: SkillScriptToolsOptions;
}

/** The tools that run and read skill scripts: the agent offers them only while a skill is active. */
export const SCRIPT_TOOL_NAMES = ['run_skill_script', 'read_scratch_file'] as const;

/**
 * Creates the model-facing skill tools the principal may use (DESIGN.md §8): `use_skill` and
 * `search_skills` when the model may use at least one skill, `read_skill_file`, the management
 * tools when a store is given, the script tools when `scripts` and a session are given, and the
 * dispatch wrappers. The `use_skill` enum is a snapshot:
 * create the tools again when the skills change (e.g. each agent step).
 */
export async function createSkillTools(options: SkillToolsOptions): Promise<SkillTool[]> {
  const { registry, policy, session, store, index, runFork, approve, maxFileBytes } = options;
  const gate =
    options.gate?.withApprove(approve) ??
    createPolicyGate({
      registry,
      policy,
      ...(store === undefined ? {} : { store }),
      ...(approve === undefined ? {} : { approve }),
    });
  const tools: SkillTool[] = [];
  const usable = await gate.list('use_skill');
  const [first, ...rest] = usable.map((entry) => entry.name);
  if (first !== undefined) {
    tools.push(
      createUseSkillTool({
        registry,
        gate,
        skills: [first, ...rest],
        ...(session === undefined ? {} : { session }),
        ...(runFork === undefined ? {} : { runFork }),
      }) as SkillTool,
    );
  }
  const searchable = await gate.list('search_skills');
  if (searchable.length > 0) {
    tools.push(
      createSearchSkillsTool({
        registry,
        gate,
        skills: searchable,
        ...(index === undefined ? {} : { index }),
        ...(options.ranker === undefined ? {} : { ranker: options.ranker }),
      }) as SkillTool,
    );
  }
  tools.push(
    createReadSkillFileTool({
      registry,
      gate,
      ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
    }) as SkillTool,
  );
  const { scripts } = options;
  if (scripts !== undefined && session !== undefined) {
    const shared = {
      registry,
      gate,
      session,
      runner: scripts.runner,
      ...(scripts.secretsFor === undefined ? {} : { secretsFor: scripts.secretsFor }),
    };
    tools.push(
      createRunSkillScriptTool({
        ...shared,
        ...(approve === undefined ? {} : { approve }),
        ...(scripts.onRun === undefined ? {} : { onRun: scripts.onRun }),
        ...(scripts.allowNetwork === undefined ? {} : { allowNetwork: scripts.allowNetwork }),
        ...(scripts.maxOutputChars === undefined ? {} : { maxOutputChars: scripts.maxOutputChars }),
      }) as SkillTool,
      createReadScratchFileTool({
        ...shared,
        ...(scripts.maxScratchFileBytes === undefined
          ? {}
          : { maxFileBytes: scripts.maxScratchFileBytes }),
      }) as SkillTool,
    );
  }
  if (store !== undefined) {
    tools.push(
      ...createManagementTools({
        registry,
        gate,
        store,
        afterWrite: options.afterWrite ?? (() => registry.refresh()),
      }),
    );
  }
  if (options.availableTools !== undefined && options.availableTools.length > 0) {
    const dispatchable = await gate.list('dispatch_tool');
    const taken = new Set(tools.map((tool) => tool.name));
    for (const tool of createDispatchTools({
      gate,
      skills: dispatchable,
      availableTools: options.availableTools,
    })) {
      if (!taken.has(tool.name)) tools.push(tool);
    }
  }
  const principal = principalKindOf(gate.policy.principal);
  return tools.map((tool) => traceSkillTool(tool, principal));
}
