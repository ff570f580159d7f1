import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SkillText } from './skills-shown.ts';

const run = promisify(execFile);

/** A temporary project (a git repository) and a home folder for one agent test. */
export interface AgentProject {
  root: string;
  project: string;
  home: string;
}

/** Makes an empty git repository and a home folder below a new temporary folder. */
export async function createAgentProject(): Promise<AgentProject> {
  const root = await mkdtemp(path.join(tmpdir(), 'skillset-agent-'));
  const project = path.join(root, 'project');
  const home = path.join(root, 'home');
  await mkdir(project, { recursive: true });
  await mkdir(home, { recursive: true });
  await run('git', ['init', '-q', project]);
  return { root, project, home };
}

/** Writes skills as `<folder>/<name>/SKILL.md` with the given body. */
export async function writeSkills(
  folder: string,
  skills: ReadonlyArray<SkillText & { body: string }>,
): Promise<void> {
  for (const skill of skills) {
    const dir = path.join(folder, skill.name);
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'SKILL.md'),
      `---\nname: ${skill.name}\ndescription: ${JSON.stringify(skill.description)}\n---\n${skill.body}\n`,
    );
  }
}
