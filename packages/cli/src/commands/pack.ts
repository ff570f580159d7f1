import { randomUUID } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeSkillPackage } from '@skillset/core/authoring';
import { findSpecRejections } from '../install/find-spec-rejections.ts';
import { displayFolder } from '../install/install-root.ts';
import { listCandidateFiles, printCandidateIssues } from '../install/print-candidate.ts';
import { readFolderCandidate } from '../install/read-folder-candidate.ts';
import { unknownSkillMessage } from '../install/unknown-skill-message.ts';
import { openLocalRegistry, reportSourceIssues } from '../open-local-registry.ts';
import { plural } from '../output/plural.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runPack}. */
export interface PackCommandOptions {
  name: string;
  /** The ZIP to write (default `<name>.zip` in the current folder). */
  out?: string;
  dirs: string[];
  /** Replace the ZIP, and pack a skill claude.ai would reject. */
  force?: boolean;
  json?: boolean;
}

function fail(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

/**
 * `skillset pack NAME`: writes the skill as a claude.ai ZIP (one top-level folder named after the
 * skill holding `SKILL.md` and its files, execute bits kept); without `--force` it refuses a skill
 * claude.ai would reject (the Agent Skills spec) and refuses to overwrite.
 */
export async function runPack(terminal: Terminal, options: PackCommandOptions): Promise<number> {
  const registry = await openLocalRegistry(terminal, options.dirs);
  let entry: Awaited<ReturnType<typeof registry.get>>;
  try {
    if (await reportSourceIssues(terminal, registry)) return 1;
    entry = await registry.get(options.name);
    if (entry === undefined) {
      const names = (await registry.list()).map((skill) => skill.name);
      return fail(terminal, unknownSkillMessage(options.name, names));
    }
  } finally {
    await registry.close();
  }
  const candidate = await readFolderCandidate({
    folder: entry.path,
    source: displayFolder(terminal, entry.path),
  });
  if (!candidate.valid) {
    printLine(terminal, `✗ ${candidate.name}  ${candidate.source}`);
    printCandidateIssues(terminal, candidate);
    return fail(
      terminal,
      `${candidate.name} is not valid, nothing was written; run: skillset validate ${candidate.source}`,
    );
  }
  const rejections = await findSpecRejections({ folder: entry.path, reader: 'claude.ai' });
  if (rejections.length > 0 && !options.force) {
    for (const issue of rejections) {
      terminal.stderr.write(
        `skillset: error: ${candidate.name}: ${issue.message} or pass --force\n`,
      );
    }
    return 1;
  }
  for (const issue of rejections) {
    terminal.stderr.write(
      `skillset: warning: ${candidate.name}: ${issue.message}; packed anyway (--force)\n`,
    );
  }
  const out = path.resolve(terminal.cwd, options.out ?? `${candidate.name}.zip`);
  if (!options.force && (await lstat(out).catch(() => undefined)) !== undefined) {
    return fail(
      terminal,
      `${displayFolder(terminal, out)} already exists; pass --force to replace it.`,
    );
  }
  const bytes = writeSkillPackage({
    folderName: candidate.name,
    files: [{ path: 'SKILL.md', bytes: candidate.skillBytes }, ...candidate.files],
  });
  const temporary = `${out}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(temporary, bytes);
    await rename(temporary, out);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const files = listCandidateFiles(candidate);
  if (options.json) {
    printJson(terminal, { name: candidate.name, path: out, size: bytes.length, files });
  } else {
    printCandidateIssues(terminal, candidate);
    printLine(
      terminal,
      `Packed ${candidate.name} (${plural(files.length, 'file')}) into ${displayFolder(terminal, out)} (${plural(bytes.length, 'byte')}).`,
    );
  }
  return 0;
}
