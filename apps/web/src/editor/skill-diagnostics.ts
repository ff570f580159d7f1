import { parseSkill, type SkillIssue } from '@skillset/core';

/** Options for {@link skillDiagnostics}. */
export interface SkillDiagnosticsOptions {
  /** The skill's folder (its current name when editing): a different `name` is a warning. */
  folderName?: string | undefined;
}

/** One problem in the editor: `skillset validate --json`'s shape, with 1-based line and column. */
export interface SkillDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  field: string | null;
  line: number | null;
  column: number | null;
}

function toDiagnostic(issue: SkillIssue): SkillDiagnostic {
  return {
    code: issue.code,
    severity: issue.severity,
    message: issue.message,
    field: issue.field ?? null,
    line: issue.line ?? null,
    column: issue.column ?? null,
  };
}

/** Validates a `SKILL.md` text with core's parser, exactly as `skillset validate` does for a folder. */
export function skillDiagnostics(
  text: string,
  options: SkillDiagnosticsOptions = {},
): SkillDiagnostic[] {
  const parsed = parseSkill(text, {
    ...(options.folderName === undefined ? {} : { folderName: options.folderName }),
  });
  return parsed.issues.map(toDiagnostic);
}

/** A text range for a diagnostic: from its column to the end of its line (line 1 without a line). */
export function diagnosticRange(
  text: string,
  diagnostic: Pick<SkillDiagnostic, 'line' | 'column'>,
): { from: number; to: number } {
  const lines = text.split('\n');
  const lineIndex = Math.min(Math.max((diagnostic.line ?? 1) - 1, 0), lines.length - 1);
  let start = 0;
  for (let index = 0; index < lineIndex; index++) start += (lines[index]?.length ?? 0) + 1;
  const lineText = (lines[lineIndex] ?? '').replace(/\r$/, '');
  const offset = Math.min(Math.max((diagnostic.column ?? 1) - 1, 0), lineText.length);
  const from = start + offset;
  return { from, to: Math.max(start + lineText.length, from) };
}
