import { createManifest } from '../skill/create-manifest.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillContext, SkillManifest } from '../skill/skill-manifest.ts';
import { checkSkillName, countCharacters, suggestSkillName } from './check-skill-name.ts';
import { createIssue } from './create-issue.ts';
import { canonicalFieldName, type ManifestField, SPEC_FIELDS } from './field-names.ts';
import {
  type FieldReader,
  isEmptyNode,
  readFlag,
  readText,
  readTextList,
  reportNonTextScalar,
  reportType,
  reportValue,
  splitCommas,
  splitToolList,
  splitWords,
} from './field-reader.ts';
import {
  type RawEntry,
  type RawNode,
  type RawPosition,
  rawNodeToData,
  setOwnValue,
} from './raw-node.ts';
import { readSkillArguments } from './read-skill-arguments.ts';
import { readSkillRequirements } from './read-skill-requirements.ts';
import type { SkillProfile } from './skill-profile.ts';

/** Longest description, in characters. */
export const MAX_DESCRIPTION_LENGTH = 1024;
/** Longest compatibility text, in characters. */
export const MAX_COMPATIBILITY_LENGTH = 500;

/** Options for {@link readSkillManifest}. */
export interface ReadSkillManifestOptions {
  profile: SkillProfile;
  folderName?: string;
  /** Position reported for problems of the whole block (its first line). */
  blockLine: number;
}

/** Where each field of the manifest was written: the position of its key. */
export type FieldPositions = Partial<Record<ManifestField, RawPosition>>;

/** The typed manifest (when name and description were readable) and the issues found. */
export interface ReadSkillManifestResult {
  manifest?: SkillManifest;
  /** Present with the manifest. */
  fieldPositions?: FieldPositions;
  issues: SkillIssue[];
}

function groupFields(reader: FieldReader, entries: RawEntry[]) {
  const fields = new Map<ManifestField, RawEntry>();
  const extra: RawEntry[] = [];
  for (const entry of entries) {
    const canonical = canonicalFieldName(entry.key);
    if (reader.profile === 'strict' && !SPEC_FIELDS.includes(entry.key)) {
      reader.issues.push(
        createIssue(
          'unknown_field',
          'error',
          `field '${entry.key}' at line ${entry.line} is not part of the portable Agent Skills format (${SPEC_FIELDS.join(', ')}); remove it or move it under metadata`,
          { field: entry.key, line: entry.line, column: entry.column },
        ),
      );
    } else if (canonical === undefined) {
      reader.issues.push(
        createIssue(
          'unknown_field',
          'warning',
          `field '${entry.key}' at line ${entry.line} is not a known skill field; it is kept as is — check the spelling or move it under metadata`,
          { field: entry.key, line: entry.line, column: entry.column },
        ),
      );
    }
    if (canonical === undefined) {
      extra.push(entry);
      continue;
    }
    const existing = fields.get(canonical);
    if (existing === undefined || (entry.key === canonical && existing.key !== canonical)) {
      fields.set(canonical, entry);
    }
    if (existing !== undefined) {
      const ignored = fields.get(canonical) === entry ? existing : entry;
      reader.issues.push(
        createIssue(
          'duplicate_field',
          'warning',
          `'${existing.key}' and '${entry.key}' both set ${canonical}; '${ignored.key}' at line ${ignored.line} is ignored — keep only '${canonical}'`,
          { field: canonical, line: ignored.line, column: ignored.column },
        ),
      );
    }
  }
  return { fields, extra };
}

function isValidName(name: string): boolean {
  return checkSkillName(name).length === 0;
}

/** How to make name and folder agree, suggesting only names that pass the name rule. */
function mismatchFix(name: string, folder: string): string {
  const nameValid = isValidName(name);
  if (isValidName(folder)) {
    return nameValid
      ? `rename the folder to ${name} or set name: ${folder}`
      : `set name: ${folder}`;
  }
  if (nameValid) return `rename the folder to ${name}`;
  const suggestion = suggestSkillName(folder) || suggestSkillName(name);
  return suggestion === ''
    ? 'give the folder and the name the same lowercase-hyphenated name'
    : `rename the folder to ${suggestion} and set name: ${suggestion}`;
}

/** What to add when the name is missing: the folder's name when it is a valid one. */
function missingNameFix(folderName: string | undefined): string {
  if (folderName === undefined) return "add 'name: <folder-name>' to the frontmatter";
  const folder = folderName.normalize('NFKC');
  if (isValidName(folder)) return `add 'name: ${folder}' to the frontmatter`;
  const suggestion = suggestSkillName(folder);
  return suggestion === ''
    ? 'add a lowercase-hyphenated name to the frontmatter and rename the folder to match'
    : `add 'name: ${suggestion}' to the frontmatter and rename the folder to ${suggestion}`;
}

function readName(
  reader: FieldReader,
  node: RawNode | undefined,
  options: ReadSkillManifestOptions,
) {
  if (node === undefined || (node.kind === 'scalar' && node.value.trim() === '')) {
    const where = node ?? { line: options.blockLine, column: 1 };
    const what = node === undefined ? 'is missing' : 'is empty';
    reader.issues.push(
      createIssue('missing_name', 'error', `name ${what}; ${missingNameFix(options.folderName)}`, {
        field: 'name',
        line: where.line,
        column: where.column,
      }),
    );
    return undefined;
  }
  const text = readText(reader, 'name', node, 'error');
  if (text === undefined) return undefined;
  reportNonTextScalar(reader, 'name', node);
  const name = text.normalize('NFKC');
  for (const problem of checkSkillName(name)) {
    reader.issues.push(
      createIssue(problem.code, 'error', problem.message, {
        field: 'name',
        line: node.line,
        column: node.column,
      }),
    );
  }
  const folder = options.folderName?.normalize('NFKC');
  if (folder !== undefined && folder !== name) {
    reader.issues.push(
      createIssue(
        'name_folder_mismatch',
        reader.profile === 'strict' ? 'error' : 'warning',
        `name '${name}' does not match its folder '${options.folderName}'; ${mismatchFix(name, folder)}`,
        { field: 'name', line: node.line, column: node.column },
      ),
    );
  }
  return name;
}

function readDescription(reader: FieldReader, node: RawNode | undefined, blockLine: number) {
  if (node === undefined || (node.kind === 'scalar' && node.value.trim() === '')) {
    const where = node ?? { line: blockLine, column: 1 };
    const what = node === undefined ? 'is missing' : 'is empty';
    reader.issues.push(
      createIssue(
        'missing_description',
        'error',
        `description ${what}; add 'description:' saying what the skill does and when to use it`,
        { field: 'description', line: where.line, column: where.column },
      ),
    );
    return undefined;
  }
  const text = readText(reader, 'description', node, 'error');
  if (text === undefined) return undefined;
  reportNonTextScalar(reader, 'description', node);
  // Code points never outnumber UTF-16 units, so short texts need no counting.
  const length = text.length > MAX_DESCRIPTION_LENGTH ? countCharacters(text) : text.length;
  if (length > MAX_DESCRIPTION_LENGTH) {
    reader.issues.push(
      createIssue(
        'description_too_long',
        reader.profile === 'strict' ? 'error' : 'warning',
        `description is ${length} characters long; the limit is ${MAX_DESCRIPTION_LENGTH}, shorten it`,
        { field: 'description', line: node.line, column: node.column },
      ),
    );
  }
  return text.trim();
}

function readCompatibility(reader: FieldReader, node: RawNode): string | undefined {
  const text = readText(reader, 'compatibility', node, 'error');
  if (text === undefined) return undefined;
  reportNonTextScalar(reader, 'compatibility', node);
  const length = text.length > MAX_COMPATIBILITY_LENGTH ? countCharacters(text) : text.length;
  if (length > MAX_COMPATIBILITY_LENGTH) {
    reader.issues.push(
      createIssue(
        'compatibility_too_long',
        reader.profile === 'strict' ? 'error' : 'warning',
        `compatibility is ${length} characters long; the limit is ${MAX_COMPATIBILITY_LENGTH}, shorten it`,
        { field: 'compatibility', line: node.line, column: node.column },
      ),
    );
  }
  return text;
}

function readContext(reader: FieldReader, node: RawNode): SkillContext | undefined {
  const text = readText(reader, 'context', node, 'error')?.trim();
  if (text === 'inline' || text === 'fork') return text;
  if (text !== undefined)
    reportValue(reader, 'context', node, `must be 'inline' or 'fork', not '${text}'`, 'error');
  return undefined;
}

const TEXT_FIELDS = {
  license: 'license',
  agent: 'agent',
  model: 'model',
  'argument-hint': 'argumentHint',
  category: 'category',
  icon: 'icon',
  version: 'version',
  integration: 'integration',
  'tool-dispatch': 'toolDispatch',
} as const satisfies Partial<Record<ManifestField, keyof SkillManifest>>;
const TEXT_FIELD_ENTRIES = Object.entries(TEXT_FIELDS) as Array<
  [ManifestField, (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS]]
>;

/** Reads the typed manifest (DESIGN.md §3) from a raw frontmatter tree, reporting every issue. */
export function readSkillManifest(
  root: RawNode | undefined,
  options: ReadSkillManifestOptions,
): ReadSkillManifestResult {
  const reader: FieldReader = { profile: options.profile, issues: [] };
  if (root?.kind !== 'mapping') {
    const found =
      root === undefined ? 'is empty' : root.kind === 'sequence' ? 'is a list' : 'is plain text';
    const issue = createIssue(
      'frontmatter_not_mapping',
      'error',
      `frontmatter ${found}; it must be a YAML mapping of fields like 'name: my-skill'`,
      { line: root?.line ?? options.blockLine, column: root?.column ?? 1 },
    );
    return { issues: [issue] };
  }
  const { fields, extra } = groupFields(reader, root.entries);
  const value = (field: ManifestField): RawNode | undefined => {
    const node = fields.get(field)?.value;
    return node === undefined || (field !== 'name' && field !== 'description' && isEmptyNode(node))
      ? undefined
      : node;
  };
  const name = readName(reader, fields.get('name')?.value, options);
  const description = readDescription(reader, fields.get('description')?.value, options.blockLine);
  const manifest = createManifest({ name: name ?? '', description: description ?? '' });
  for (const [field, key] of TEXT_FIELD_ENTRIES) {
    const node = value(field);
    if (node === undefined) continue;
    const text = readText(reader, field, node);
    // `version` is the author's label: `1.0` is meant as written.
    if (text !== undefined && field !== 'version') reportNonTextScalar(reader, field, node);
    if (text !== undefined) manifest[key] = text;
  }
  const compatibility = value('compatibility');
  if (compatibility !== undefined) {
    const text = readCompatibility(reader, compatibility);
    if (text !== undefined) manifest.compatibility = text;
  }
  const metadata = value('metadata');
  if (metadata?.kind === 'mapping')
    manifest.metadata = rawNodeToData(metadata) as Record<string, unknown>;
  else if (metadata !== undefined) reportType(reader, 'metadata', metadata, 'a mapping', 'warning');
  for (const [field, key] of [
    ['allowed-tools', 'allowedTools'],
    ['disallowed-tools', 'disallowedTools'],
  ] as const) {
    const node = value(field);
    const tools = node === undefined ? undefined : readTextList(reader, field, node, splitToolList);
    if (tools !== undefined) manifest[key] = tools;
  }
  for (const [field, key] of [
    ['disable-model-invocation', 'disableModelInvocation'],
    ['user-invocable', 'userInvocable'],
  ] as const) {
    const node = value(field);
    const flag = node === undefined ? undefined : readFlag(reader, field, node, 'error');
    if (flag !== undefined) manifest[key] = flag;
  }
  const context = value('context');
  manifest.context = (context && readContext(reader, context)) ?? 'inline';
  const argumentsNode = value('arguments');
  if (argumentsNode !== undefined) manifest.arguments = readSkillArguments(reader, argumentsNode);
  const tags = value('tags');
  manifest.tags = (tags && readTextList(reader, 'tags', tags, splitCommas)) ?? [];
  const references = value('references');
  manifest.references =
    (references && readTextList(reader, 'references', references, splitWords)) ?? [];
  const requires = readSkillRequirements(reader, value('requires'), metadata);
  if (requires !== undefined) manifest.requires = requires;
  for (const entry of extra) setOwnValue(manifest.extra, entry.key, rawNodeToData(entry.value));
  reader.issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (name === undefined || description === undefined) return { issues: reader.issues };
  const fieldPositions: FieldPositions = {};
  for (const [field, entry] of fields)
    fieldPositions[field] = { line: entry.line, column: entry.column };
  return { manifest, fieldPositions, issues: reader.issues };
}
