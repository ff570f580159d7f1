import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  checkSkillReferences,
  type SkillIssue,
  type SkillLookup,
  type SkillManifest,
  type SkillRegistry,
} from '@skillset/core';
import {
  findSkillFile,
  findSkillFolders,
  type ValidateSkillPathResult,
  validateSkillPath,
} from '@skillset/core/node';
import { openLocalRegistry } from '../open-local-registry.ts';
import { plural } from '../output/plural.ts';
import { createProgress } from '../output/progress.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';
import { registrySkillLookup } from '../registry-skill-lookup.ts';

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

/**
 * Adds the reference errors `invoke` would give. A reference resolves among the valid skills
 * validated here first (like a `--dir`), then the standard locations and built-ins, whose
 * registry is opened only when a name is not among the validated skills.
 */
async function checkReferences(terminal: Terminal, results: ValidateSkillPathResult[]) {
  const referring = results.filter((result) => (result.manifest?.references.length ?? 0) > 0);
  if (referring.length === 0) return;
  const validated = new Map<string, SkillManifest>();
  for (const { valid, manifest } of results) {
    const key = manifest?.name.toLowerCase();
    if (valid && manifest && key !== undefined && !validated.has(key)) validated.set(key, manifest);
  }
  let registry: Promise<SkillRegistry> | undefined;
  const getSkill: SkillLookup = async (name) => {
    const manifest = validated.get(name.toLowerCase());
    if (manifest !== undefined) return { manifest, body: '' };
    registry ??= openLocalRegistry(terminal, [], { mcpServers: false });
    return registrySkillLookup(await registry)(name);
  };
  try {
    for (const result of referring) {
      const issue = await checkSkillReferences({
        manifest: result.manifest as SkillManifest,
        getSkill,
        ...(result.fieldPositions?.references === undefined
          ? {}
          : { position: result.fieldPositions.references }),
      });
      if (issue === undefined) continue;
      result.issues.push(issue);
      result.valid = false;
    }
  } finally {
    await (await registry)?.close();
  }
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
  // `references` is not a spec field: `strict` reports it as unknown already.
  if (profile === 'default') await checkReferences(terminal, results);

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
