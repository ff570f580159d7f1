import { statSync } from 'node:fs';
import os from 'node:os';
import { findProjectDirs } from '@skillset/core/node';
import { resolveAgentFolder } from '../agents/agent-skill-folders.ts';
import { type AgentName, agentDefinition } from '../agents/agent-table.ts';

/** A folder the agent reads skills from, and whether it is the user's. */
export interface HookSkillFolder {
  root: string;
  personal: boolean;
}

const isDirectory = (folder: string) =>
  statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * The existing folders an agent reads skills from when it runs in `cwd`: its project folders in
 * `cwd` and each parent up to the git root, nearest first, then its user folders.
 */
export function hookSkillFolders(
  agent: AgentName,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): HookSkillFolder[] {
  const definition = agentDefinition(agent);
  const home = env.HOME || os.homedir();
  const folders = [
    ...findProjectDirs({ cwd, home }).flatMap((dir) =>
      definition.projectReads.map((folder) => ({
        root: resolveAgentFolder(folder, { cwd: dir, env }),
        personal: false,
      })),
    ),
    ...definition.userReads.map((folder) => ({
      root: resolveAgentFolder(folder, { cwd, env }),
      personal: true,
    })),
  ];
  const seen = new Set<string>();
  return folders.filter((folder) => {
    if (seen.has(folder.root) || !isDirectory(folder.root)) return false;
    seen.add(folder.root);
    return true;
  });
}
