import {
  checkSkillReferences,
  closestNames,
  type LoadedSkill,
  type SkillIssue,
  serializeSkill,
} from '@skillset/core';
import { openLocalRegistry, reportSourceIssues } from '../open-local-registry.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';
import { registrySkillLookup } from '../registry-skill-lookup.ts';

/** Options for {@link runShow}. */
export interface ShowCommandOptions {
  name: string;
  dirs: string[];
  json?: boolean;
}

function printHuman(terminal: Terminal, skill: LoadedSkill, issues: readonly SkillIssue[]) {
  const { entry } = skill;
  printLine(terminal, paint(terminal, 'stdout', 'bold', `${entry.name}  (${entry.scope})`));
  printLine(terminal, `path: ${entry.path}`);
  for (const shadow of entry.shadows)
    printLine(terminal, `shadows: ${shadow.scope} ${shadow.path}`);
  for (const issue of issues) {
    const color = issue.severity === 'error' ? 'red' : 'yellow';
    const line = issue.line ? `SKILL.md:${issue.line}: ` : '';
    printLine(
      terminal,
      paint(terminal, 'stdout', color, `${issue.severity}: ${line}${issue.message}`),
    );
  }
  printLine(terminal);
  printLine(
    terminal,
    skill.manifest ? serializeSkill(skill.manifest, skill.body).trimEnd() : skill.text,
  );
}

/** `skillset show NAME`: the manifest and body of one skill; suggests close names when unknown. */
export async function runShow(terminal: Terminal, options: ShowCommandOptions) {
  const registry = await openLocalRegistry(terminal, options.dirs);
  try {
    const failed = await reportSourceIssues(terminal, registry);
    const entry = await registry.get(options.name);
    if (entry === undefined) {
      const names = (await registry.list()).map((skill) => skill.name);
      const suggestions = closestNames(options.name, names);
      const hint =
        suggestions.length > 0
          ? ` Did you mean: ${suggestions.join(', ')}?`
          : ' Run `skillset list` to see the available skills.';
      terminal.stderr.write(`skillset: no skill named '${options.name}'.${hint}\n`);
      return 1;
    }
    const skill = await registry.loadSkill(entry);
    const referenceIssue =
      skill.manifest === undefined
        ? undefined
        : await checkSkillReferences({
            manifest: skill.manifest,
            getSkill: registrySkillLookup(registry),
            ...(skill.fieldPositions?.references === undefined
              ? {}
              : { position: skill.fieldPositions.references }),
          });
    const issues = referenceIssue === undefined ? skill.issues : [...skill.issues, referenceIssue];
    const valid = skill.valid && referenceIssue === undefined;
    if (options.json) {
      printJson(terminal, {
        name: entry.name,
        description: entry.description,
        scope: entry.scope,
        path: entry.path,
        valid,
        manifest: skill.manifest ?? null,
        body: skill.body,
        issues,
        shadows: entry.shadows.map(({ name, scope, path }) => ({ name, scope, path })),
      });
    } else {
      printHuman(terminal, skill, issues);
    }
    return failed || !valid ? 1 : 0;
  } finally {
    await registry.close();
  }
}
