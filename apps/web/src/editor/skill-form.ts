import { parseSkill } from '@skillset/core';
import { isMap, parseDocument } from 'yaml';
import { setFrontmatterFields } from './frontmatter-fields.ts';
import { joinSkillParts, readSkillParts } from './skill-text-parts.ts';

/** The argument types a skill may declare. */
export const ARGUMENT_TYPES = ['string', 'number', 'integer', 'boolean'] as const;

/** One declared argument as the form edits it; `rest` keeps the keys the form does not show. */
export interface SkillArgumentRow {
  name: string;
  type: string;
  description: string;
  required: boolean;
  rest: Record<string, unknown>;
}

/** The frontmatter fields the editor's form shows. */
export interface SkillFormValues {
  name: string;
  description: string;
  tags: string[];
  category: string;
  icon: string;
  arguments: SkillArgumentRow[];
}

/** The form's values, or why the frontmatter cannot be edited through the form. */
export type ReadSkillFormResult =
  | { editable: true; values: SkillFormValues }
  | { editable: false; reason: string };

const EMPTY: SkillFormValues = {
  name: '',
  description: '',
  tags: [],
  category: '',
  icon: '',
  arguments: [],
};

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value);

function readTags(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(asText).filter((tag) => tag !== '');
  return asText(value)
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

function readArgument(value: unknown): SkillArgumentRow {
  const record =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { name: value };
  const { name, type, description, required, ...rest } = record;
  return {
    name: asText(name),
    type: asText(type) || 'string',
    description: asText(description),
    required: required === true || required === 'true',
    rest,
  };
}

/** The frontmatter lines of a `SKILL.md`, as core's parser finds them; undefined without one. */
function frontmatterOf(text: string): string | undefined {
  const { bodyLine, issues } = parseSkill(text);
  if (issues.some((issue) => issue.code === 'unclosed_frontmatter')) return undefined;
  if (bodyLine <= 1) return undefined;
  return text
    .split('\n')
    .slice(1, bodyLine - 2)
    .join('\n');
}

/** Reads the form's fields from a `SKILL.md` text (the text → form direction). */
export function readSkillForm(text: string): ReadSkillFormResult {
  if (!text.startsWith('---')) return { editable: true, values: EMPTY };
  const frontmatter = frontmatterOf(text);
  if (frontmatter === undefined) {
    return { editable: false, reason: 'The frontmatter is not closed with a --- line.' };
  }
  const document = parseDocument(frontmatter);
  if (document.errors.length > 0) {
    return { editable: false, reason: 'The frontmatter is not valid YAML; fix it in the text.' };
  }
  if (document.contents !== null && !isMap(document.contents)) {
    return { editable: false, reason: 'The frontmatter is not a list of fields.' };
  }
  const fields = (document.toJS() ?? {}) as Record<string, unknown>;
  return {
    editable: true,
    values: {
      name: asText(fields.name),
      description: asText(fields.description),
      tags: readTags(fields.tags),
      category: asText(fields.category),
      icon: asText(fields.icon),
      arguments: Array.isArray(fields.arguments) ? fields.arguments.map(readArgument) : [],
    },
  };
}

function writeArgument(row: SkillArgumentRow): Record<string, unknown> {
  return {
    name: row.name,
    type: row.type,
    ...(row.description === '' ? {} : { description: row.description }),
    ...(row.required ? { required: true } : {}),
    ...row.rest,
  };
}

/** The frontmatter fields for changed form values; emptied optional fields are removed. */
function fieldsOf(changes: Partial<SkillFormValues>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (changes.name !== undefined) fields.name = changes.name;
  if (changes.description !== undefined) fields.description = changes.description;
  if (changes.tags !== undefined) fields.tags = changes.tags.length === 0 ? null : changes.tags;
  if (changes.category !== undefined) fields.category = changes.category || null;
  if (changes.icon !== undefined) fields.icon = changes.icon || null;
  if (changes.arguments !== undefined) {
    fields.arguments = changes.arguments.length === 0 ? null : changes.arguments.map(writeArgument);
  }
  return fields;
}

/**
 * Writes changed form values into the frontmatter (the form → text direction), rewriting only the
 * lines of the changed fields: other fields, comments, styles and the body stay byte for byte; a
 * text without frontmatter gets one. Undefined when the frontmatter cannot be edited field by field.
 */
export function applySkillForm(
  text: string,
  changes: Partial<SkillFormValues>,
): string | undefined {
  const parts = readSkillParts(text);
  if (!parts.hasFrontmatter && text.startsWith('---')) return undefined;
  const frontmatter = setFrontmatterFields(parts.frontmatter, fieldsOf(changes));
  if (frontmatter === undefined) return undefined;
  if (frontmatter === parts.frontmatter) return text;
  return joinSkillParts({ ...parts, frontmatter });
}
