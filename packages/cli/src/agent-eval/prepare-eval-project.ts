import { execFile } from 'node:child_process';
import { cp, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findBinary } from '@skillset/core/node';
import { type AgentFolderContext, agentSkillFolders } from '../agents/agent-skill-folders.ts';
import { type AgentName, agentDefinition } from '../agents/agent-table.ts';
import type { AgentEvalDriver } from './agent-eval-drivers.ts';

const run = promisify(execFile);

/** Options for {@link prepareEvalProject}. */
export interface PrepareEvalProjectOptions {
  agent: AgentName;
  driver: AgentEvalDriver;
  /** The user's project folder and environment. */
  context: AgentFolderContext;
  /** The skill under evaluation: its name and folder. */
  skill: { name: string; path: string };
}

/** A temporary copy of what an agent reads in the project, where eval runs the agent. */
export interface EvalProject extends AsyncDisposable {
  /** The folder the agent runs in. */
  project: string;
  /** A folder beside it for the driver's own files. */
  scratch: string;
  /** How many skills the agent finds there and in the user's folders. */
  skillCount: number;
}

const exists = async (file: string) => (await lstat(file).catch(() => undefined)) !== undefined;

/** Skill names (folders holding `SKILL.md`) directly below a skills folder. */
async function skillsIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const names: string[] = [];
  for (const entry of entries) {
    if (await exists(path.join(folder, entry.name, 'SKILL.md'))) names.push(entry.name);
  }
  return names;
}

/**
 * Makes a temporary project holding copies of the agent's skill folders and settings of the
 * current project (links followed; `node_modules` and `.git` left out), so no run can change the
 * user's project; the evaluated skill is copied into the agent's own folder when the agent would
 * not find it otherwise. The user's home and its settings are the agent's own, untouched.
 */
export async function prepareEvalProject(options: PrepareEvalProjectOptions): Promise<EvalProject> {
  const { agent, driver, context, skill } = options;
  const root = await mkdtemp(path.join(os.tmpdir(), 'skillset-eval-'));
  const project = path.join(root, 'project');
  const scratch = path.join(root, 'scratch');
  try {
    await mkdir(project);
    await mkdir(scratch);
    for (const [name, content] of Object.entries(driver.scratchFiles ?? {}))
      await writeFile(path.join(scratch, name), content);
    const definition = agentDefinition(agent);
    const projectReads = definition.projectReads.map((folder) => folder.path);
    for (const relative of [...new Set([...projectReads, ...driver.projectFiles])]) {
      const from = path.resolve(context.cwd, relative);
      if (!(await exists(from))) continue;
      await cp(from, path.join(project, relative), {
        recursive: true,
        dereference: true,
        filter: (source) => !['node_modules', '.git'].includes(path.basename(source)),
      });
    }
    const copied = { ...context, cwd: project };
    const reads = [
      ...agentSkillFolders(agent, copied, false).reads,
      ...agentSkillFolders(agent, context, true).reads,
    ];
    const names = new Set((await Promise.all(reads.map(skillsIn))).flat());
    if (!names.has(skill.name)) {
      const install = path.join(project, definition.projectFolder.path, skill.name);
      await cp(skill.path, install, { recursive: true, dereference: true });
      names.add(skill.name);
    }
    if (findBinary('git', { searchPath: context.env.PATH ?? '' }) !== undefined)
      await run('git', ['init', '-q', project]).catch(() => undefined);
    return {
      project,
      scratch,
      skillCount: names.size,
      [Symbol.asyncDispose]: () => rm(root, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}
