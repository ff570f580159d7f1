import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { SkillEntry, SkillIssue } from '@skillset/core';
import { type AgentName, agentDefinition } from '../agents/agent-table.ts';
import {
  type ExportScope,
  findExportTargets,
  findSecondCopies,
  resolveExportAgents,
} from '../install/export-targets.ts';
import { findSpecRejections } from '../install/find-spec-rejections.ts';
import { displayFolder } from '../install/install-root.ts';
import { printCandidateIssues, toJsonIssue } from '../install/print-candidate.ts';
import { readFolderCandidate } from '../install/read-folder-candidate.ts';
import type { SkillCandidate } from '../install/skill-candidate.ts';
import { unknownSkillMessage } from '../install/unknown-skill-message.ts';
import { targetExistsError, writeSkillFolder } from '../install/write-skill-folder.ts';
import { openLocalRegistry, reportSourceIssues } from '../open-local-registry.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runExport}. */
export interface ExportCommandOptions {
  /** The agents whose folders to write (`--to`, repeatable; `agents` is codex's old name). */
  to: string[];
  /** The skills to export; none = every project skill (project folders and `--dir`s). */
  names: string[];
  dirs: string[];
  /** Relative symbolic links to the skill folders instead of copies. */
  link?: boolean;
  /** The agents' folders in HOME instead of the project's. */
  global?: boolean;
  /** The old name of `global`. */
  personal?: boolean;
  /** Replace existing folders, and write skills the agent would reject. */
  force?: boolean;
  json?: boolean;
}

interface ExportPlan {
  entry: SkillEntry;
  candidate: SkillCandidate;
  target: string;
  /** The agents that read the skill at `target`. */
  agents: AgentName[];
  /** What the agents would reject (the Agent Skills spec); written anyway with `--force`. */
  rejections: SkillIssue[];
  /**
   * `write` a new folder, `replace` one (`--force`), `blocked` by one, `same`: already there (or
   * already read where it is), `rejected`: the agent would reject it (without `--force`).
   */
  action: 'write' | 'replace' | 'blocked' | 'same' | 'rejected';
}

function fail(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

const realOrSelf = (folder: string) => realpath(folder).catch(() => folder);

const labels = (agents: readonly AgentName[]) =>
  agents.map((agent) => agentDefinition(agent).label).join(' and ');

async function chooseEntries(
  entries: SkillEntry[],
  options: ExportCommandOptions,
  scope: ExportScope,
): Promise<SkillEntry[] | string> {
  if (options.names.length === 0) {
    const projectSkills: SkillEntry[] = [];
    for (const entry of entries) {
      if (entry.scope !== 'project') continue;
      if ((await findExportTargets(entry.path, scope)).length > 0) projectSkills.push(entry);
    }
    if (projectSkills.length === 0) {
      return `no project skills to export: ${labels(scope.agents)} already read${scope.agents.length === 1 ? 's' : ''} every one where it is; name the skills to export or pass --dir.`;
    }
    return projectSkills;
  }
  const chosen: SkillEntry[] = [];
  for (const name of options.names) {
    const entry = entries.find((each) => each.name.toLowerCase() === name.toLowerCase());
    if (entry === undefined) {
      return unknownSkillMessage(
        name,
        entries.map((each) => each.name),
      );
    }
    if (!chosen.includes(entry)) chosen.push(entry);
  }
  return chosen;
}

async function planExport(
  entry: SkillEntry,
  scope: ExportScope,
  options: ExportCommandOptions,
  terminal: Terminal,
): Promise<ExportPlan[]> {
  const candidate = await readFolderCandidate({
    folder: entry.path,
    source: displayFolder(terminal, entry.path),
  });
  const targets = await findExportTargets(entry.path, scope);
  const rejections = candidate.valid
    ? await findSpecRejections({
        folder: entry.path,
        reader: labels(targets.length > 0 ? targets.flatMap((each) => each.agents) : scope.agents),
      })
    : [];
  const base = { entry, candidate, rejections };
  if (targets.length === 0)
    return [{ ...base, target: entry.path, agents: scope.agents, action: 'same' }];
  const refused = !candidate.valid || (rejections.length > 0 && !options.force);
  // A skill that is refused is reported once, for every agent it was meant for.
  const chosen = refused
    ? [
        {
          root: (targets[0] as (typeof targets)[number]).root,
          agents: targets.flatMap((each) => each.agents),
        },
      ]
    : targets;
  const plans: ExportPlan[] = [];
  for (const { root, agents } of chosen) {
    const target = path.join(root, candidate.name);
    const plan = { ...base, target, agents };
    if (rejections.length > 0 && !options.force) {
      plans.push({ ...plan, action: 'rejected' });
      continue;
    }
    const existing = await lstat(target).catch(() => undefined);
    if (existing === undefined) plans.push({ ...plan, action: 'write' });
    else if ((await realOrSelf(target)) === (await realpath(entry.path)))
      plans.push({ ...plan, action: 'same' });
    else plans.push({ ...plan, action: options.force ? 'replace' : 'blocked' });
  }
  return plans;
}

/**
 * `skillset export --to AGENT... [NAME...]`: copies (or links, `--link`, relatively) skills into
 * the folders the agents read — one copy each agent reads, none where an agent already reads the
 * skill — validating each first; without `--force` it refuses a skill an agent would reject (the
 * Agent Skills spec) and refuses to overwrite.
 */
export async function runExport(
  terminal: Terminal,
  options: ExportCommandOptions,
): Promise<number> {
  const { agents, notes } = resolveExportAgents(options.to);
  if (options.personal === true) notes.push('--personal is now --global.');
  for (const note of notes) terminal.stderr.write(`skillset: note: ${note}\n`);
  const scope: ExportScope = {
    agents,
    context: { cwd: terminal.cwd, env: terminal.env },
    global: options.global === true || options.personal === true,
  };
  const registry = await openLocalRegistry(terminal, options.dirs);
  let entries: SkillEntry[];
  try {
    if (await reportSourceIssues(terminal, registry)) return 1;
    entries = await registry.list();
  } finally {
    await registry.close();
  }
  const chosen = await chooseEntries(entries, options, scope);
  if (typeof chosen === 'string') return fail(terminal, chosen);
  const plans: ExportPlan[] = [];
  for (const entry of chosen) plans.push(...(await planExport(entry, scope, options, terminal)));

  const once = (list: ExportPlan[]) =>
    list.filter((plan, index) => list.findIndex((other) => other.entry === plan.entry) === index);
  const invalid = once(plans.filter((plan) => !plan.candidate.valid));
  const blocked = plans.filter((plan) => plan.action === 'blocked');
  const rejected = plans.filter((plan) => plan.action === 'rejected');
  const ok = invalid.length === 0 && blocked.length === 0 && rejected.length === 0;
  const warnings: string[] = [];
  if (ok) {
    for (const plan of plans) {
      if (plan.action === 'same') continue;
      await writeSkillFolder({
        target: plan.target,
        force: plan.action === 'replace',
        ...(options.link ? { linkTo: await realpath(plan.entry.path) } : { skill: plan.candidate }),
      });
    }
    for (const plan of plans) {
      const copies = await findSecondCopies(plan.candidate.name, plan.agents, scope, (folder) =>
        displayFolder(terminal, folder),
      );
      warnings.push(...copies.map((copy) => `${copy}; remove all but one so it sees one copy`));
    }
  }
  const how = options.link ? 'linked' : 'copied';
  if (options.json) {
    printJson(terminal, {
      to: agents,
      folders: [
        ...new Set(
          plans.filter((plan) => plan.action !== 'same').map((plan) => path.dirname(plan.target)),
        ),
      ],
      link: options.link === true,
      written: ok,
      skills: plans.map(({ entry, candidate, target, agents, action, rejections }) => ({
        name: candidate.name,
        source: entry.path,
        path: target,
        agents,
        valid: candidate.valid,
        action,
        issues: candidate.issues.map(toJsonIssue),
        rejections: rejections.map(toJsonIssue),
      })),
    });
  } else {
    for (const plan of plans) {
      const { candidate, target, action } = plan;
      const where = displayFolder(terminal, target);
      if (!candidate.valid) {
        printLine(
          terminal,
          `${paint(terminal, 'stdout', 'red', '✗')} ${candidate.name}  ${candidate.source}`,
        );
        printCandidateIssues(terminal, candidate);
      } else if (action === 'rejected') {
        printLine(
          terminal,
          `${paint(terminal, 'stdout', 'red', '✗')} ${candidate.name}  ${candidate.source}`,
        );
      } else if (!ok) {
      } else if (action === 'same') {
        printLine(terminal, `= ${candidate.name}  already in ${where}`);
      } else {
        const verb = action === 'replace' ? `replaced (${how})` : how;
        printLine(
          terminal,
          `${paint(terminal, 'stdout', 'green', '✓')} ${candidate.name}  ${verb} to ${where}`,
        );
      }
    }
  }
  if (invalid.length > 0) {
    return fail(
      terminal,
      `nothing was written: ${invalid.map((plan) => plan.candidate.name).join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not valid.`,
    );
  }
  if (blocked.length > 0 || rejected.length > 0) {
    for (const plan of rejected) {
      for (const issue of plan.rejections) {
        terminal.stderr.write(
          `skillset: error: ${plan.candidate.name}: ${issue.message} or pass --force\n`,
        );
      }
    }
    for (const plan of blocked) {
      terminal.stderr.write(`skillset: error: ${targetExistsError(plan.target).message}\n`);
    }
    return fail(terminal, 'nothing was written.');
  }
  for (const plan of once(plans)) {
    for (const issue of plan.rejections) {
      terminal.stderr.write(
        `skillset: warning: ${plan.candidate.name}: ${issue.message}; written anyway (--force)\n`,
      );
    }
  }
  for (const warning of warnings) terminal.stderr.write(`skillset: warning: ${warning}\n`);
  return 0;
}
