import type { SkillIssue } from '../skill/skill-issue.ts';
import { createIssue } from './create-issue.ts';

/** The text of a `SKILL.md` with line endings normalised, and what was changed on the way. */
export interface DecodeSkillTextResult {
  text: string;
  issues: SkillIssue[];
}

/** Options for {@link decodeSkillText}. */
export interface DecodeSkillTextOptions {
  /** The bytes are a prefix of the file: an incomplete character at the end is not an error. */
  prefix?: boolean;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let position = text.indexOf('\n'); position !== -1 && position < index; ) {
    line++;
    position = text.indexOf('\n', position + 1);
  }
  return line;
}

function decodeBytes(bytes: Uint8Array, prefix: boolean): DecodeSkillTextResult {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, {
      stream: prefix,
    });
    return { text, issues: [] };
  } catch {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: prefix });
    const line = lineOf(text, text.indexOf('\ufffd'));
    const issue = createIssue(
      'invalid_utf8',
      'error',
      `SKILL.md is not valid UTF-8 (first bad byte on line ${line}); re-save the file as UTF-8`,
      { line },
    );
    return { text, issues: [issue] };
  }
}

/** Decodes bytes as UTF-8 (reporting invalid bytes), removes a BOM and normalises CRLF/CR to LF. */
export function decodeSkillText(
  input: string | Uint8Array,
  options: DecodeSkillTextOptions = {},
): DecodeSkillTextResult {
  const decoded =
    typeof input === 'string'
      ? { text: input, issues: [] }
      : decodeBytes(input, options.prefix === true);
  let text = decoded.text;
  const issues = decoded.issues;
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    issues.push(
      createIssue(
        'bom_removed',
        'warning',
        'SKILL.md starts with a byte order mark, which was ignored; save the file as UTF-8 without BOM',
        { line: 1, column: 1 },
      ),
    );
  }
  if (text.includes('\r')) {
    const line = lineOf(text, text.indexOf('\r'));
    text = text.replace(/\r\n?/g, '\n');
    issues.push(
      createIssue(
        'crlf_line_endings',
        'warning',
        `SKILL.md uses CR or CRLF line endings (first on line ${line}); they were read as LF — save the file with LF line endings`,
        { line },
      ),
    );
  }
  return { text, issues };
}
