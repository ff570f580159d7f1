import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { SkillEntry, SkillIssue } from '@skillset/core';
import { EXPORT_AGENT_LABELS, type ExportAgent, exportRoot } from '../install/export-targets.ts';
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
  to: ExportAgent;
  /** The skills to export; none = every project skill (project folders and `--dir`s). */
  names: string[];
  dirs: string[];
  /** Relative symbolic links to the skill folders instead of copies. */
  link?: boolean;
  /** The agent's folder in HOME instead of the project's. */
  personal?: boolean;
  /** Replace existing folders, and write skills the agent would reject. */
  force?: boolean;
  json?: boolean;
}

interface ExportPlan {
  entry: SkillEntry;
  candidate: SkillCandidate;
  target: string;
  /** What the agent would reject (the Agent Skills spec); written anyway with `--force`. */
  rejections: SkillIssue[];
  /**
   * `write` a new folder, `replace` one (`--force`), `blocked` by one, `same`: already there,
   * `rejected`: the agent would reject it (without `--force`).
   */
  action: 'write' | 'replace' | 'blocked' | 'same' | 'rejected';
}

function fail(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

function isInside(root: string, folder: string): boolean {
  const relative = path.relative(root, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function chooseEntries(
  entries: SkillEntry[],
  options: ExportCommandOptions,
  root: string,
): Promise<SkillEntry[] | string> {
  if (options.names.length === 0) {
    const realRoot = await realpath(root).catch(() => root);
    const projectSkills: SkillEntry[] = [];
    for (const entry of entries) {
      if (entry.scope !== 'project') continue;
      const folder = await realpath(entry.path).catch(() => entry.path);
      if (!isInside(realRoot, folder)) projectSkills.push(entry);
    }
    if (projectSkills.length === 0) {
      return 'no project skills to export; name the skills to export or pass --dir.';
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
  root: string,
  options: ExportCommandOptions,
  terminal: Terminal,
): Promise<ExportPlan> {
  const candidate = await readFolderCandidate({
    folder: entry.path,
    source: displayFolder(terminal, entry.path),
  });
  const target = path.join(root, candidate.name);
  const rejections = candidate.valid
    ? await findSpecRejections({ folder: entry.path, reader: EXPORT_AGENT_LABELS[options.to] })
    : [];
  const plan = { entry, candidate, target, rejections };
  if (rejections.length > 0 && !options.force) return { ...plan, action: 'rejected' };
  const existing = await lstat(target).catch(() => undefined);
  if (existing === undefined) return { ...plan, action: 'write' };
  const [realTarget, realSource] = await Promise.all([
    realpath(target).catch(() => target),
    realpath(entry.path),
  ]);
  if (realTarget === realSource) return { ...plan, action: 'same' };
  return { ...plan, action: options.force ? 'replace' : 'blocked' };
}

/**
 * `skillset export --to AGENT [NAME...]`: copies (or links, `--link`, relatively) skills into the
 * folder another agent reads, validating each first; without `--force` it refuses a skill the agent
 * would reject (the Agent Skills spec) and refuses to overwrite.
 */
export async function runExport(
  terminal: Terminal,
  options: ExportCommandOptions,
): Promise<number> {
  const root = exportRoot(terminal, { agent: options.to, personal: options.personal === true });
  const registry = await openLocalRegistry(terminal, options.dirs);
  let entries: SkillEntry[];
  try {
    if (await reportSourceIssues(terminal, registry)) return 1;
    entries = await registry.list();
  } finally {
    await registry.close();
  }
  const chosen = await chooseEntries(entries, options, root);
  if (typeof chosen === 'string') return fail(terminal, chosen);
  const plans: ExportPlan[] = [];
  for (const entry of chosen) plans.push(await planExport(entry, root, options, terminal));

  const invalid = plans.filter((plan) => !plan.candidate.valid);
  const blocked = plans.filter((plan) => plan.action === 'blocked');
  const rejected = plans.filter((plan) => plan.action === 'rejected');
  const ok = invalid.length === 0 && blocked.length === 0 && rejected.length === 0;
  if (ok) {
    for (const plan of plans) {
      if (plan.action === 'same') continue;
      await writeSkillFolder({
        target: plan.target,
        force: plan.action === 'replace',
        ...(options.link ? { linkTo: await realpath(plan.entry.path) } : { skill: plan.candidate }),
      });
    }
  }
  const how = options.link ? 'linked' : 'copied';
  if (options.json) {
    printJson(terminal, {
      to: options.to,
      folder: root,
      link: options.link === true,
      written: ok,
      skills: plans.map(({ entry, candidate, target, action, rejections }) => ({
        name: candidate.name,
        source: entry.path,
        path: target,
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
  for (const plan of plans) {
    for (const issue of plan.rejections) {
      terminal.stderr.write(
        `skillset: warning: ${plan.candidate.name}: ${issue.message}; written anyway (--force)\n`,
      );
    }
  }
  return 0;
}
