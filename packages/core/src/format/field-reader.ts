import type { SkillIssue, SkillIssueSeverity } from '../skill/skill-issue.ts';
import { createIssue } from './create-issue.ts';
import { type PlainScalarType, plainScalarType } from './plain-scalar-type.ts';
import type { RawNode } from './raw-node.ts';
import type { SkillProfile } from './skill-profile.ts';

/** Shared state while reading typed fields out of a raw frontmatter tree. */
export interface FieldReader {
  profile: SkillProfile;
  issues: SkillIssue[];
}

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0']);

function describeKind(node: RawNode): string {
  if (node.kind === 'scalar') return `'${node.value}'`;
  return node.kind === 'sequence' ? 'a list' : 'a mapping';
}

/** Records that `field` holds a value of the wrong shape. */
export function reportType(
  reader: FieldReader,
  field: string,
  node: RawNode,
  expected: string,
  severity: SkillIssueSeverity,
): void {
  reader.issues.push(
    createIssue(
      'invalid_field_type',
      severity,
      `${field} at line ${node.line} must be ${expected}, not ${describeKind(node)}; fix or remove it`,
      { field, line: node.line, column: node.column },
    ),
  );
}

const TYPE_NAMES: Record<PlainScalarType, string> = {
  number: 'a number',
  boolean: 'a boolean',
  null: 'null (no value)',
};

/**
 * Warns when `field` must be text but holds an unquoted number, boolean or null: Skillset keeps
 * the text as written, other YAML readers (and the platforms a skill is uploaded to) do not.
 */
export function reportNonTextScalar(reader: FieldReader, field: string, node: RawNode): void {
  if (node.kind !== 'scalar' || node.plain !== true) return;
  const type = plainScalarType(node.value);
  if (type === undefined) return;
  reader.issues.push(
    createIssue(
      'invalid_field_type',
      'warning',
      `${field} at line ${node.line} is ${node.value}, which YAML reads as ${TYPE_NAMES[type]}, but it must be text; put it in quotes ("${node.value}") or replace it`,
      { field, line: node.line, column: node.column },
    ),
  );
}

/** Records that `field` holds a value outside its allowed set. */
export function reportValue(
  reader: FieldReader,
  field: string,
  node: RawNode,
  message: string,
  severity: SkillIssueSeverity,
): void {
  reader.issues.push(
    createIssue('invalid_field_value', severity, `${field} at line ${node.line} ${message}`, {
      field,
      line: node.line,
      column: node.column,
    }),
  );
}

/** True for an empty scalar (`key:` with no value), which optional fields treat as absent. */
export function isEmptyNode(node: RawNode): boolean {
  return node.kind === 'scalar' && node.value === '';
}

/** Reads a text field; reports anything that is not a scalar. */
export function readText(
  reader: FieldReader,
  field: string,
  node: RawNode,
  severity: SkillIssueSeverity = 'warning',
): string | undefined {
  if (node.kind === 'scalar') return node.value;
  reportType(reader, field, node, 'text', severity);
  return undefined;
}

/** Parses a boolean word (`true/false/yes/no/on/off/1/0`, any case), or undefined. */
export function parseFlag(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** Reads a boolean field; reports anything that is not a boolean word. */
export function readFlag(
  reader: FieldReader,
  field: string,
  node: RawNode,
  severity: SkillIssueSeverity,
): boolean | undefined {
  if (node.kind !== 'scalar') {
    reportType(reader, field, node, 'true or false', severity);
    return undefined;
  }
  const flag = parseFlag(node.value);
  if (flag === undefined) {
    reportValue(reader, field, node, `must be true or false, not '${node.value}'`, severity);
  }
  return flag;
}

/** Splits a tool list on whitespace and commas, keeping `Bash(git add:*)` whole. */
export function splitToolList(text: string): string[] {
  const tools: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === ',' || /\s/.test(char))) {
      if (current !== '') tools.push(current);
      current = '';
    } else current += char;
  }
  if (current !== '') tools.push(current);
  return tools;
}

/** Reads a list of texts given as a YAML list or as one string split by `split`. */
export function readTextList(
  reader: FieldReader,
  field: string,
  node: RawNode,
  split: (text: string) => string[],
  severity: SkillIssueSeverity = 'warning',
): string[] | undefined {
  if (node.kind === 'scalar') {
    reportNonTextScalar(reader, field, node);
    return split(node.value);
  }
  if (node.kind === 'mapping') {
    reportType(reader, field, node, 'a list or a string', severity);
    return undefined;
  }
  const values: string[] = [];
  for (const item of node.items) {
    if (item.kind !== 'scalar') {
      reportType(reader, `${field} item`, item, 'text', severity);
      continue;
    }
    reportNonTextScalar(reader, `${field} item`, item);
    const value = item.value.trim();
    if (value !== '') values.push(value);
  }
  return values;
}

/** Splits on commas, trimming each part (for tags). */
export function splitCommas(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Splits on commas and whitespace (for names and identifiers). */
export function splitWords(text: string): string[] {
  return text.split(/[\s,]+/).filter((part) => part !== '');
}
