import {
  checkSkillReferences,
  closestNames,
  type EligibilityResult,
  evaluateEligibility,
  type LoadedSkill,
  type SkillIssue,
} from '@skillset/core';
import { serializeSkill, signatureFinding } from '@skillset/core/authoring';
import { signatureRefusal } from '../leave-out-unsigned.ts';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { formatMissing } from '../output/format-missing.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';
import { registrySkillLookup } from '../registry-skill-lookup.ts';

/** Options for {@link runShow}. */
export interface ShowCommandOptions {
  name: string;
  dirs: string[];
  json?: boolean;
}

function printHuman(
  terminal: Terminal,
  skill: LoadedSkill,
  issues: readonly SkillIssue[],
  eligibility: EligibilityResult,
) {
  const { entry } = skill;
  printLine(terminal, paint(terminal, 'stdout', 'bold', `${entry.name}  (${entry.scope})`));
  printLine(terminal, `path: ${entry.path}`);
  if (!eligibility.eligible) {
    const missing = formatMissing(eligibility.missing);
    printLine(
      terminal,
      paint(terminal, 'stdout', 'yellow', `not eligible here: missing ${missing}`),
    );
  }
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
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry, gate } = session;
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
    const refusal = await signatureRefusal(gate, entry);
    if (refusal !== undefined) {
      const { signature } = await gate.subjectOf(entry);
      const fix = signature === undefined ? '' : ` ${signatureFinding(entry.name, signature)?.fix}`;
      terminal.stderr.write(
        `skillset: skill '${entry.name}' ${entry.path}: ${refusal.message}${fix}\n`,
      );
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
    const eligibility = evaluateEligibility(skill.manifest?.requires, policy.context.environment);
    if (options.json) {
      printJson(terminal, {
        name: entry.name,
        description: entry.description,
        scope: entry.scope,
        path: entry.path,
        valid,
        eligible: eligibility.eligible,
        missing: eligibility.missing,
        manifest: skill.manifest ?? null,
        body: skill.body,
        issues,
        shadows: entry.shadows.map(({ name, scope, path }) => ({ name, scope, path })),
      });
    } else {
      printHuman(terminal, skill, issues, eligibility);
    }
    return failed || !valid ? 1 : 0;
  } finally {
    await session.close();
  }
}
