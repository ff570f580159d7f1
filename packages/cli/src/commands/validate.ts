import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SkillIssue } from '@skillset/core';
import {
  findSkillFile,
  findSkillFolders,
  type ValidateSkillPathResult,
  validateSkillPath,
} from '@skillset/core/node';
import { plural } from '../output/plural.ts';
import { createProgress } from '../output/progress.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runValidate}. */
export interface ValidateCommandOptions {
  paths: string[];
  strict?: boolean;
  json?: boolean;
}

/** Expands a PATH argument into the skill targets it names: itself, or the skills below it. */
async function expandTarget(target: string, cwd: string): Promise<string[]> {
  const resolved = path.resolve(cwd, target);
  const stats = await stat(resolved).catch(() => undefined);
  if (!stats?.isDirectory()) return [resolved];
  if ((await findSkillFile(resolved).catch(() => undefined)) !== undefined) return [resolved];
  const folders = await findSkillFolders(resolved);
  return folders.length > 0 ? folders : [resolved];
}

function toJsonIssue(issue: SkillIssue) {
  return {
    code: issue.code,
    severity: issue.severity,
    message: issue.message,
    field: issue.field ?? null,
    line: issue.line ?? null,
    column: issue.column ?? null,
  };
}

function printHuman(terminal: Terminal, results: ValidateSkillPathResult[]) {
  for (const result of results) {
    const mark = result.valid
      ? paint(terminal, 'stdout', 'green', '✓')
      : paint(terminal, 'stdout', 'red', '✗');
    const label = result.name ?? path.basename(result.path);
    const where = path.relative(terminal.cwd, result.path) || '.';
    printLine(terminal, `${mark} ${paint(terminal, 'stdout', 'bold', label)}  ${where}`);
    const file = result.file ? path.basename(result.file) : 'SKILL.md';
    for (const issue of result.issues) {
      const position = issue.line
        ? `${file}:${issue.line}${issue.column ? `:${issue.column}` : ''}`
        : file;
      const severity =
        issue.severity === 'error'
          ? paint(terminal, 'stdout', 'red', 'error  ')
          : paint(terminal, 'stdout', 'yellow', 'warning');
      printLine(terminal, `    ${position}  ${severity}  ${issue.message}  [${issue.code}]`);
    }
  }
}

/** `skillset validate`: checks each PATH and exits 1 when any skill is invalid. */
export async function runValidate(terminal: Terminal, options: ValidateCommandOptions) {
  const profile = options.strict ? 'strict' : 'default';
  const targets = (
    await Promise.all(options.paths.map((target) => expandTarget(target, terminal.cwd)))
  ).flat();
  const progress = createProgress(terminal);
  const results: ValidateSkillPathResult[] = [];
  for (const target of targets) {
    progress.update(`Validating ${results.length + 1}/${targets.length} ${target}`);
    results.push(await validateSkillPath(target, { profile, cwd: terminal.cwd }));
  }
  progress.done();

  const invalid = results.filter((result) => !result.valid).length;
  const warnings = results
    .flatMap((result) => result.issues)
    .filter((issue) => issue.severity === 'warning').length;
  const summary = { valid: results.length - invalid, invalid, warnings };

  if (options.json) {
    printJson(terminal, {
      results: results.map((result) => ({
        path: result.path,
        name: result.name ?? null,
        description: result.description ?? null,
        valid: result.valid,
        issues: result.issues.map(toJsonIssue),
      })),
      summary,
    });
  } else {
    printHuman(terminal, results);
    printLine(terminal);
    printLine(
      terminal,
      `${plural(results.length, 'skill')} checked (${profile} profile): ${summary.valid} valid, ${summary.invalid} invalid, ${plural(summary.warnings, 'warning')}`,
    );
  }
  return invalid > 0 ? 1 : 0;
}
