import { FIELD_ALIASES } from '@skillset/core/authoring';
import { Document, isCollection, isMap, isNode, isScalar, type Node, parseDocument } from 'yaml';

/** A top-level frontmatter field and the whole lines it takes in the YAML text. */
export interface FrontmatterField {
  key: string;
  /** Offset of the start of its first line. */
  start: number;
  /** Offset just past its last line, line break included. */
  end: number;
  /** Its value as plain data. */
  value: unknown;
  /** Its YAML node, whose style a new value keeps. */
  node: unknown;
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

function lineEnd(text: string, at: number): number {
  if (at > 0 && text[at - 1] === '\n') return at;
  const next = text.indexOf('\n', at);
  return next === -1 ? text.length : next + 1;
}

/** Parses a frontmatter; undefined when it has errors or is not a mapping. */
function parseFrontmatter(yaml: string): Document | undefined {
  const document = parseDocument(yaml);
  if (document.errors.length > 0) return undefined;
  if (document.contents !== null && !isMap(document.contents)) return undefined;
  return document;
}

function fieldsOfDocument(yaml: string, document: Document): FrontmatterField[] | undefined {
  if (!isMap(document.contents)) return [];
  if (document.contents.flow) return undefined;
  const fields: FrontmatterField[] = [];
  for (const pair of document.contents.items) {
    if (!isScalar(pair.key) || pair.key.range === undefined || pair.key.range === null) {
      return undefined;
    }
    const start = pair.key.range[0];
    if (lineStart(yaml, start) !== start) return undefined;
    const value = isNode(pair.value) ? pair.value : undefined;
    const end = lineEnd(yaml, value?.range?.[2] ?? pair.key.range[2]);
    fields.push({
      key: String(pair.key.value),
      start,
      end,
      value: value === undefined ? pair.value : value.toJS(document),
      node: value,
    });
  }
  return fields;
}

/**
 * The top-level fields of a frontmatter with the lines each takes; undefined when the YAML is
 * broken or its fields are not lines of a block mapping (a flow mapping, a complex key).
 */
export function readFrontmatterFields(yaml: string): FrontmatterField[] | undefined {
  const document = parseFrontmatter(yaml);
  return document === undefined ? undefined : fieldsOfDocument(yaml, document);
}

/** Whether two plain values are the same data. */
export const sameValue = (left: unknown, right: unknown) =>
  JSON.stringify(left) === JSON.stringify(right);

/** The YAML lines of one field with a new value, in the style of the node it replaces. */
function renderField(key: string, value: unknown, previous: unknown, yaml: string): string {
  const single = new Document({});
  const node = single.createNode(value) as Node;
  let padded = false;
  if (isCollection(previous) && isCollection(node) && previous.flow) {
    node.flow = true;
    const start = previous.range?.[0];
    padded = start !== undefined && /^[[{][ \t]/.test(yaml.slice(start, start + 2));
  }
  if (isScalar(previous) && isScalar(node) && typeof node.value === 'string' && previous.type) {
    node.type = previous.type;
  }
  if (isNode(previous) && previous.comment) node.comment = previous.comment;
  single.set(key, node);
  return single.toString({ lineWidth: 0, flowCollectionPadding: padded });
}

interface Edit {
  start: number;
  end: number;
  insert: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  let result = text;
  for (const edit of [...edits].sort((left, right) => right.start - left.start)) {
    result = result.slice(0, edit.start) + edit.insert + result.slice(edit.end);
  }
  return result;
}

const withBreak = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

/**
 * Sets or removes (`null`) top-level frontmatter fields, rewriting only their lines: every other
 * line keeps its exact text (flow sequences, quotes, comments, order). A field set to the value it
 * has is left alone; aliases of a set field (`integration_id` for `integration`) are removed.
 * Undefined when the YAML is broken or not a mapping.
 */
export function setFrontmatterFields(
  yaml: string,
  changes: Readonly<Record<string, unknown>>,
): string | undefined {
  const document = parseFrontmatter(yaml);
  if (document === undefined) return undefined;
  const fields = fieldsOfDocument(yaml, document);
  if (fields === undefined) return setThroughDocument(document, changes);
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const edits: Edit[] = [];
  let appended = '';
  for (const [key, value] of Object.entries(changes)) {
    for (const [alias, canonical] of Object.entries(FIELD_ALIASES)) {
      const field = canonical === key ? byKey.get(alias) : undefined;
      if (field !== undefined) edits.push({ start: field.start, end: field.end, insert: '' });
    }
    const field = byKey.get(key);
    if (value === null) {
      if (field !== undefined) edits.push({ start: field.start, end: field.end, insert: '' });
    } else if (field === undefined) {
      appended += renderField(key, value, undefined, yaml);
    } else if (!sameValue(field.value, value)) {
      edits.push({
        start: field.start,
        end: field.end,
        insert: renderField(key, value, field.node, yaml),
      });
    }
  }
  if (edits.length === 0 && appended === '') return yaml;
  const edited = applyEdits(yaml, edits);
  return appended === '' ? edited : withBreak(edited) + appended;
}

/** The Document API's own rewrite, for a frontmatter whose fields are not plain lines. */
function setThroughDocument(
  document: Document,
  changes: Readonly<Record<string, unknown>>,
): string {
  for (const [key, value] of Object.entries(changes)) {
    for (const [alias, canonical] of Object.entries(FIELD_ALIASES)) {
      if (canonical === key) document.delete(alias);
    }
    if (value === null) document.delete(key);
    else document.set(key, value);
  }
  return document.contents === null ? '' : document.toString({ lineWidth: 0 });
}

/**
 * Puts one field's lines, exactly as given, into a frontmatter: in place of the field, or after
 * the field named by `after` (else at the end) when it is new; `undefined` lines remove it.
 * Undefined when the fields are not lines of a block mapping.
 */
export function spliceFrontmatterField(
  yaml: string,
  key: string,
  lines: string | undefined,
  after?: string,
): string | undefined {
  const fields = readFrontmatterFields(yaml);
  if (fields === undefined) return undefined;
  const insert = lines === undefined ? '' : withBreak(lines);
  const field = fields.find((candidate) => candidate.key === key);
  if (field !== undefined)
    return applyEdits(yaml, [{ start: field.start, end: field.end, insert }]);
  if (insert === '') return yaml;
  const previous = fields.find((candidate) => candidate.key === after);
  if (previous === undefined) return withBreak(yaml) + insert;
  return applyEdits(yaml, [{ start: previous.end, end: previous.end, insert }]);
}
