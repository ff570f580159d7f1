import type { SkillIssue } from '@skillset/core';
import { paint, printLine, type Terminal } from '../output/terminal.ts';
import type { SkillCandidate } from './skill-candidate.ts';

/** Writes a candidate's issues, one per line, `file:line:column  severity  message  [code]`. */
export function printCandidateIssues(terminal: Terminal, candidate: SkillCandidate) {
  for (const issue of candidate.issues) {
    const position = issue.line
      ? `SKILL.md:${issue.line}${issue.column ? `:${issue.column}` : ''}`
      : (issue.field ?? 'SKILL.md');
    const severity =
      issue.severity === 'error'
        ? paint(terminal, 'stdout', 'red', 'error  ')
        : paint(terminal, 'stdout', 'yellow', 'warning');
    printLine(terminal, `    ${position}  ${severity}  ${issue.message}  [${issue.code}]`);
  }
}

/** An issue as `--json` prints it (the shape of `skillset validate --json`). */
export interface JsonIssue {
  code: SkillIssue['code'];
  severity: SkillIssue['severity'];
  message: string;
  field: string | null;
  line: number | null;
  column: number | null;
}

/** `issue` as `--json` prints it. */
export function toJsonIssue(issue: SkillIssue): JsonIssue {
  return {
    code: issue.code,
    severity: issue.severity,
    message: issue.message,
    field: issue.field ?? null,
    line: issue.line ?? null,
    column: issue.column ?? null,
  };
}

/** The files a candidate writes, `SKILL.md` first, with sizes and execute bits. */
export function listCandidateFiles(candidate: SkillCandidate) {
  return [
    { path: 'SKILL.md', size: candidate.skillBytes.length, executable: false },
    ...candidate.files.map((file) => ({
      path: file.path,
      size: file.bytes.length,
      executable: file.executable === true,
    })),
  ];
}
