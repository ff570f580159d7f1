import path from 'node:path';
import type { EligibilityResult, SkillEntry } from '@skillset/core';
import { evaluateEligibility } from '@skillset/core/lean';
import { findReferenceIssues } from '../find-reference-issues.ts';
import { leaveOutUnsigned } from '../leave-out-unsigned.ts';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { formatMissing } from '../output/format-missing.ts';
import { plural } from '../output/plural.ts';
import { printJsonList } from '../output/print-json-list.ts';
import { paint, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runList}. */
export interface ListCommandOptions {
  dirs: string[];
  json?: boolean;
}

function displayPath(terminal: Terminal, folder: string): string {
  const relative = path.relative(terminal.cwd, folder);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) return relative || '.';
  const home = terminal.env.HOME;
  return home && folder.startsWith(home + path.sep) ? `~${folder.slice(home.length)}` : folder;
}

/** A listed skill with every error found: the scan's and a reference error. */
interface ListedSkill {
  entry: SkillEntry;
  valid: boolean;
  errors: number;
  eligibility: EligibilityResult;
  /** Names of other skills with the same base name (a local `pdf` and `docs:pdf`). */
  sameName: string[];
}

function printEntry(terminal: Terminal, listed: ListedSkill, nameWidth: number) {
  const { entry } = listed;
  const mark = listed.valid
    ? paint(terminal, 'stdout', 'green', '✓')
    : paint(terminal, 'stdout', 'red', '✗');
  const name = paint(terminal, 'stdout', 'bold', entry.name.padEnd(nameWidth));
  const where = entry.origin
    ? `mcp ${entry.origin.server} ${entry.origin.uri}`
    : displayPath(terminal, entry.path);
  printLine(terminal, `${mark} ${name}  ${entry.scope.padEnd(9)} ${where}`);
  if (!listed.valid && entry.origin) {
    for (const issue of entry.issues.filter((each) => each.severity === 'error')) {
      printLine(terminal, paint(terminal, 'stdout', 'red', `    ${issue.message}`));
    }
  } else if (!listed.valid) {
    const { errors } = listed;
    const hint = `run: skillset validate ${displayPath(terminal, entry.path)}`;
    printLine(terminal, paint(terminal, 'stdout', 'red', `    ${errors} error(s); ${hint}`));
  }
  if (!listed.eligibility.eligible) {
    const missing = formatMissing(listed.eligibility.missing);
    printLine(
      terminal,
      paint(terminal, 'stdout', 'yellow', `    not eligible here: missing ${missing}`),
    );
  }
  for (const shadow of entry.shadows) {
    const where = displayPath(terminal, shadow.path);
    printLine(terminal, paint(terminal, 'stdout', 'dim', `    shadows ${shadow.scope} ${where}`));
  }
  for (const other of listed.sameName) {
    printLine(
      terminal,
      paint(terminal, 'stdout', 'dim', `    same name as ${other} (a different skill)`),
    );
  }
}

/** The base name of a skill: its manifest name before any `server:` namespace. */
function baseName(entry: SkillEntry): string {
  if (entry.origin === undefined) return entry.name.toLowerCase();
  const path = entry.origin.uri.replace(/\/SKILL\.md$/, '');
  return (path.split('/').at(-1) ?? entry.name).toLowerCase();
}

/** For each entry whose base name other entries carry too (from another origin), their names (SEP-2640 "Names"). */
function findSameNames(entries: readonly SkillEntry[]): Map<SkillEntry, string[]> {
  const byBase = new Map<string, SkillEntry[]>();
  for (const entry of entries) {
    const key = baseName(entry);
    const group = byBase.get(key);
    if (group === undefined) byBase.set(key, [entry]);
    else group.push(entry);
  }
  // Only skills that share a name get an entry: most names are unique.
  const result = new Map<SkillEntry, string[]>();
  for (const group of byBase.values()) {
    if (group.length === 1) continue;
    for (const entry of group) {
      result.set(
        entry,
        group.filter((other) => other !== entry).map((other) => other.name),
      );
    }
  }
  return result;
}

/** The `--json` form of each listed skill, made one at a time as it is written. */
function* jsonSkillsOf(listed: readonly ListedSkill[]) {
  for (const { entry, valid, eligibility, sameName } of listed) {
    yield {
      name: entry.name,
      description: entry.description,
      scope: entry.scope,
      path: entry.path,
      valid,
      eligible: eligibility.eligible,
      missing: eligibility.missing,
      shadows: entry.shadows.map(({ name, scope, path }) => ({ name, scope, path })),
      ...(entry.origin === undefined ? {} : { origin: entry.origin }),
      ...(sameName.length === 0 ? {} : { sameName }),
      ...(valid || entry.origin === undefined
        ? {}
        : {
            issues: entry.issues
              .filter((issue) => issue.severity === 'error')
              .map(({ code, message }) => ({ code, message })),
          }),
    };
  }
}

/**
 * `skillset list`: every skill from the standard locations, built-ins and `--dir`s, with shadowing.
 * Validity is what the scan checked: the frontmatter (the body is read by `validate` and `show`).
 */
export async function runList(terminal: Terminal, options: ListCommandOptions) {
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry, gate } = session;
  try {
    const found = await registry.list();
    const entries = await leaveOutUnsigned(terminal, gate, found);
    const failed = await reportSourceIssues(terminal, registry);
    const referenceIssues = await findReferenceIssues(registry, entries);
    const sameNames = findSameNames(entries);
    const { environment } = policy.context;
    // Most skills require nothing: one shared verdict for them (only read below) saves objects.
    const unconditional = evaluateEligibility(undefined, environment);
    const listed = entries.map((entry): ListedSkill => {
      const reference = referenceIssues.has(entry) ? 1 : 0;
      const errors = entry.issues.filter((issue) => issue.severity === 'error').length + reference;
      const requires = entry.manifest?.requires;
      const eligibility =
        requires === undefined ? unconditional : evaluateEligibility(requires, environment);
      const sameName = sameNames.get(entry) ?? [];
      return { entry, valid: entry.valid && reference === 0, errors, eligibility, sameName };
    });
    if (options.json) {
      printJsonList(terminal, { checked: 'frontmatter' }, 'skills', jsonSkillsOf(listed));
    } else if (entries.length === 0) {
      printLine(
        terminal,
        found.length > 0
          ? 'No signed skills to list: requireSigned leaves every skill found out.'
          : 'No skills found. Put skills in .agents/skills/<name>/SKILL.md or pass --dir.',
      );
    } else {
      const nameWidth = Math.max(...entries.map((entry) => entry.name.length));
      for (const skill of listed) printEntry(terminal, skill, nameWidth);
      const invalid = listed.filter((skill) => !skill.valid).length;
      const ineligible = listed.filter((skill) => !skill.eligibility.eligible).length;
      printLine(terminal);
      printLine(
        terminal,
        `${plural(entries.length, 'skill')} (${invalid} invalid${ineligible > 0 ? `, ${ineligible} not eligible here` : ''}; frontmatter checked — skillset validate or show checks the whole file)`,
      );
    }
    return failed || listed.some((skill) => !skill.valid) ? 1 : 0;
  } finally {
    await session.close();
  }
}
