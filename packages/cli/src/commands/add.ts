import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import { displayFolder, type InstallScope, installRoot } from '../install/install-root.ts';
import {
  listCandidateFiles,
  printCandidateIssues,
  toJsonIssue,
} from '../install/print-candidate.ts';
import {
  type AddSourceOrigin,
  type AddSourceSkill,
  readAddSource,
} from '../install/read-add-source.ts';
import type { SkillCandidate } from '../install/skill-candidate.ts';
import {
  digestSkillFolder,
  readSkillLock,
  type SkillLock,
  type SkillLockSource,
  writeSkillLock,
} from '../install/skill-lock.ts';
import { findLockEntry, skillLockFile, toLockPath } from '../install/skill-lock-file.ts';
import {
  describeSignature,
  signatureRefusal,
  verifyCandidateSignature,
} from '../install/verify-candidate-signature.ts';
import { targetExistsError, writeSkillFolder } from '../install/write-skill-folder.ts';
import { openLocalPolicy } from '../open-local-policy.ts';
import { plural } from '../output/plural.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runAdd}. */
export interface AddCommandOptions {
  source: string;
  scope: InstallScope;
  /** A folder inside the source to read skills from (`--path`, or `#subdir` of a git URL). */
  path?: string;
  /** Only these skills of a source that holds several. */
  skills: string[];
  /** Every skill of a source that holds several. */
  all?: boolean;
  force?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

function fail(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

function toLockSource(lockFile: string, origin: AddSourceOrigin): SkillLockSource {
  return origin.type === 'local' ? { ...origin, path: toLockPath(lockFile, origin.path) } : origin;
}

function select<Candidate extends SkillCandidate>(
  candidates: Candidate[],
  options: AddCommandOptions,
): Candidate[] | string {
  const names = candidates.map((candidate) => candidate.name).join(', ');
  if (options.skills.length > 0) {
    const wanted = new Set(options.skills.map((name) => name.toLowerCase()));
    const chosen = candidates.filter((candidate) => wanted.has(candidate.name.toLowerCase()));
    const missing = [...wanted].filter(
      (name) => !chosen.some((candidate) => candidate.name.toLowerCase() === name),
    );
    if (missing.length > 0) {
      return `${options.source} has no skill named ${missing.join(', ')}; it holds: ${names}.`;
    }
    return chosen;
  }
  if (candidates.length > 1 && !options.all) {
    return `${options.source} holds ${candidates.length} skills (${names}); pass --skill NAME (repeatable) for some or --all for every one.`;
  }
  return candidates;
}

/**
 * `skillset add SOURCE`: validates the skills of a folder, ZIP, git repository or GitHub
 * `owner/repo[/path][@ref]`, shows what will be written, writes each skill folder atomically into
 * `.claude/skills` (or `~/.claude/skills`) and records it in `skillset-lock.json`.
 */
export async function runAdd(terminal: Terminal, options: AddCommandOptions): Promise<number> {
  const lockFile = skillLockFile(terminal, options.scope);
  const policy = await openLocalPolicy(terminal);
  let lock: SkillLock;
  let candidates: AddSourceSkill[];
  try {
    lock = await readSkillLock(lockFile);
    candidates = await readAddSource({
      source: options.source,
      cwd: terminal.cwd,
      env: terminal.env,
      ...(options.path === undefined ? {} : { subpath: options.path }),
    });
  } catch (error) {
    if (SkillsetError.isInstance(error)) return fail(terminal, error.message);
    if (error instanceof Error && error.message.startsWith(lockFile)) {
      return fail(terminal, error.message);
    }
    throw error;
  }
  const selected = select(candidates, options);
  if (typeof selected === 'string') return fail(terminal, selected);
  const duplicate = selected.find(
    (candidate, index) =>
      selected.findIndex((other) => other.name.toLowerCase() === candidate.name.toLowerCase()) !==
      index,
  );
  if (duplicate !== undefined) {
    const sources = selected
      .filter((candidate) => candidate.name.toLowerCase() === duplicate.name.toLowerCase())
      .map((candidate) => candidate.source);
    return fail(
      terminal,
      `several skills are named ${duplicate.name} (${sources.join(', ')}); pick one with --skill and --path.`,
    );
  }

  const root = installRoot(terminal, options.scope);
  const plans = await Promise.all(
    selected.map(async (candidate) => {
      const target = path.join(root, candidate.name);
      const exists = (await lstat(target).catch(() => undefined)) !== undefined;
      const signature = await verifyCandidateSignature(candidate, policy.trust);
      return { candidate, target, exists, signature };
    }),
  );
  const invalid = plans.filter((plan) => !plan.candidate.valid);
  const refusals =
    invalid.length > 0 || policy.context.requireSigned !== true
      ? []
      : plans.flatMap((plan) => signatureRefusal(plan.candidate.name, plan.signature) ?? []);
  const blocked =
    invalid.length > 0 || refusals.length > 0
      ? []
      : plans.filter((plan) => plan.exists && !options.force);

  if (options.json) {
    printJson(terminal, {
      scope: options.scope,
      written:
        invalid.length === 0 && refusals.length === 0 && blocked.length === 0 && !options.dryRun,
      lockfile: lockFile,
      skills: plans.map(({ candidate, target, exists, signature }) => ({
        name: candidate.name,
        source: candidate.source,
        origin: toLockSource(lockFile, candidate.origin),
        valid: candidate.valid,
        path: target,
        exists,
        files: candidate.valid ? listCandidateFiles(candidate) : [],
        issues: candidate.issues.map(toJsonIssue),
        signature,
      })),
    });
  } else {
    for (const { candidate, target, exists, signature } of plans) {
      const mark = candidate.valid
        ? paint(terminal, 'stdout', 'green', '✓')
        : paint(terminal, 'stdout', 'red', '✗');
      printLine(
        terminal,
        `${mark} ${paint(terminal, 'stdout', 'bold', candidate.name)}  ${candidate.source}`,
      );
      printCandidateIssues(terminal, candidate);
      if (!candidate.valid) continue;
      printLine(terminal, `    ${describeSignature(signature)}`);
      const verb = exists ? (options.force ? 'replaces' : 'exists') : 'writes';
      printLine(terminal, `    ${verb} ${displayFolder(terminal, target)}/`);
      for (const file of listCandidateFiles(candidate)) {
        const mode = file.executable ? '  (executable)' : '';
        printLine(terminal, `      ${file.path}  ${plural(file.size, 'byte')}${mode}`);
      }
    }
  }
  if (invalid.length > 0) {
    return fail(
      terminal,
      `nothing was written: ${invalid.map((plan) => plan.candidate.name).join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not valid; run: skillset validate ${invalid.map((plan) => plan.candidate.source).join(' ')}`,
    );
  }
  if (refusals.length > 0) {
    for (const refusal of refusals) terminal.stderr.write(`skillset: error: ${refusal}.\n`);
    return fail(terminal, 'nothing was written.');
  }
  if (blocked.length > 0) {
    for (const plan of blocked) {
      terminal.stderr.write(`skillset: error: ${targetExistsError(plan.target).message}\n`);
    }
    return fail(terminal, 'nothing was written.');
  }
  if (options.dryRun) {
    if (!options.json) printLine(terminal, 'Dry run: nothing was written.');
    return 0;
  }
  for (const { candidate, target } of plans) {
    const { replaced } = await writeSkillFolder({
      target,
      force: options.force === true,
      skill: candidate,
    });
    const existing = findLockEntry(lock, candidate.name);
    if (existing !== undefined) delete lock.skills[existing[0]];
    lock.skills[candidate.name] = {
      source: toLockSource(lockFile, candidate.origin),
      folders: [toLockPath(lockFile, target)],
      files: await digestSkillFolder(target),
    };
    if (!options.json) {
      const commit =
        candidate.origin.type === 'git' ? `, commit ${candidate.origin.commit.slice(0, 7)}` : '';
      printLine(
        terminal,
        `${replaced ? 'Replaced' : 'Added'} ${candidate.name} in ${displayFolder(terminal, target)} (${plural(candidate.files.length + 1, 'file')}${commit}).`,
      );
    }
  }
  await writeSkillLock(lockFile, lock);
  if (!options.json) printLine(terminal, `Recorded in ${displayFolder(terminal, lockFile)}.`);
  return 0;
}
