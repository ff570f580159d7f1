import { SkillsetError } from '../errors/skillset-error.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillToolFailure, SkillToolResult, SkillToolSuccess } from './skill-tool.ts';

/** Builds a successful tool result. */
export function toolSuccess<Data>(text: string, data?: Data): SkillToolSuccess<Data> {
  return data === undefined ? { ok: true, text } : { ok: true, text, data };
}

/** Options for {@link toolFailure} beyond the code and message. */
export interface ToolFailureDetails {
  issues?: SkillIssue[];
  usage?: string;
}

/** Builds a failed tool result. */
export function toolFailure<Code extends string>(
  code: Code,
  message: string,
  details: ToolFailureDetails = {},
): SkillToolFailure<Code> {
  return {
    ok: false,
    error: {
      code,
      message,
      ...(details.issues === undefined ? {} : { issues: details.issues }),
      ...(details.usage === undefined ? {} : { usage: details.usage }),
    },
  };
}

/** Turns anything thrown while running a tool into a failed result (SkillsetError codes are kept). */
export function toolFailureFromError(error: unknown): SkillToolFailure {
  if (SkillsetError.isInstance(error)) {
    const issues = error.details.issues;
    return toolFailure(
      error.code,
      error.message,
      Array.isArray(issues) ? { issues: issues as SkillIssue[] } : {},
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return toolFailure('tool_failed', `The tool failed unexpectedly: ${detail}`);
}

/** The text a model reads for a result: the text itself, or `Error: …` with the error's message. */
export function formatToolResult(result: SkillToolResult): string {
  if (result.ok) return result.text;
  return `Error: ${result.error.message}`;
}

/** Formats validation issues one a line, `- error (line 3): message`. */
export function formatIssues(issues: readonly SkillIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.line === undefined ? '' : ` (line ${issue.line})`;
      const field = issue.field === undefined ? '' : ` [${issue.field}]`;
      return `- ${issue.severity}${where}${field}: ${issue.message}`;
    })
    .join('\n');
}
