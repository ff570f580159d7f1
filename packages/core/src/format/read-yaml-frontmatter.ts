import type { LineCounter, Node } from 'yaml';
import type { SkillIssue } from '../skill/skill-issue.ts';
import { createIssue } from './create-issue.ts';
import { flowNestingDepth, MAX_FLOW_NESTING_DEPTH } from './flow-nesting-depth.ts';
import type { RawEntry, RawNode, RawPosition } from './raw-node.ts';
import { type YamlLibrary, yamlLibrary } from './yaml-library.ts';

/** What the YAML parser made of a frontmatter block. */
export interface ReadYamlFrontmatterResult {
  /** False when the text is not valid YAML; `issues` then says why. */
  ok: boolean;
  /** The document's root node; undefined for an empty document or invalid YAML. */
  root?: RawNode;
  issues: SkillIssue[];
}

/** The first use of a refused YAML feature and how many uses there are in all. */
interface RefusedUse {
  text: string;
  position: RawPosition;
  count: number;
}

interface Walker {
  yaml: YamlLibrary;
  lineCounter: LineCounter;
  firstLine: number;
  issues: SkillIssue[];
  aliases?: RefusedUse;
  anchors?: RefusedUse;
  tags?: RefusedUse;
}

function noteUse(use: RefusedUse | undefined, text: string, position: RawPosition): RefusedUse {
  if (use === undefined) return { text, position, count: 1 };
  use.count += 1;
  return use;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * One issue for anchors and aliases together (an alias bomb holds thousands) and one for tags,
 * each at the first use, with the counts.
 */
function refusedIssues(walker: Walker): SkillIssue[] {
  const issues: SkillIssue[] = [];
  const { aliases, anchors, tags } = walker;
  if (aliases !== undefined || anchors !== undefined) {
    const counts = [
      aliases && plural(aliases.count, 'alias', 'aliases'),
      anchors && plural(anchors.count, 'anchor', 'anchors'),
    ].filter((count) => count !== undefined);
    const first = aliases ?? (anchors as RefusedUse);
    const what = aliases === undefined ? 'anchor' : 'alias';
    issues.push(
      createIssue(
        aliases === undefined ? 'yaml_anchor_refused' : 'yaml_alias_refused',
        'error',
        `YAML ${what} '${first.text}' at line ${first.position.line} is not allowed in frontmatter (${counts.join(' and ')} in all); write each value out instead of anchors and aliases`,
        first.position,
      ),
    );
  }
  if (tags !== undefined) {
    issues.push(
      createIssue(
        'yaml_tag_refused',
        'error',
        `YAML tag '${tags.text}' at line ${tags.position.line} is not allowed in frontmatter (${plural(tags.count, 'tag', 'tags')} in all); remove the tags (values are read as text)`,
        tags.position,
      ),
    );
  }
  return issues;
}

function positionAt(walker: Walker, offset: number): RawPosition {
  const { line, col } = walker.lineCounter.linePos(offset);
  return { line: walker.firstLine + line - 1, column: col };
}

function refuseFeatures(walker: Walker, node: Node, position: RawPosition): void {
  if (node.anchor !== undefined) {
    walker.anchors = noteUse(walker.anchors, `&${node.anchor}`, position);
  }
  if (node.tag !== undefined) walker.tags = noteUse(walker.tags, node.tag, position);
}

function convertNode(walker: Walker, node: unknown, fallback: RawPosition): RawNode {
  const { isAlias, isMap, isScalar, isSeq } = walker.yaml;
  if (isAlias(node)) {
    const position = node.range ? positionAt(walker, node.range[0]) : fallback;
    walker.aliases = noteUse(walker.aliases, `*${node.source}`, position);
    return { kind: 'scalar', value: '', ...position };
  }
  if (isScalar(node)) {
    const range = node.range;
    const empty = range === undefined || range === null || range[0] === range[1];
    const position = empty || !range ? fallback : positionAt(walker, range[0]);
    refuseFeatures(walker, node, position);
    const value = String(node.value ?? '');
    return node.type === 'PLAIN' && value !== ''
      ? { kind: 'scalar', value, ...position, plain: true }
      : { kind: 'scalar', value, ...position };
  }
  if (isSeq(node) || isMap(node)) {
    const position = node.range ? positionAt(walker, node.range[0]) : fallback;
    refuseFeatures(walker, node, position);
    if (isSeq(node)) {
      const items = node.items.map((item) => convertNode(walker, item, position));
      return { kind: 'sequence', items, ...position };
    }
    const entries: RawEntry[] = [];
    for (const pair of node.items) {
      const key = pair.key as unknown;
      const keyPosition =
        isScalar(key) || isAlias(key) || isMap(key) || isSeq(key)
          ? key.range
            ? positionAt(walker, key.range[0])
            : position
          : position;
      if (key !== null && !isScalar(key)) {
        walker.issues.push(
          createIssue(
            'invalid_yaml',
            'error',
            `frontmatter key at line ${keyPosition.line} must be plain text, not a YAML collection or alias`,
            keyPosition,
          ),
        );
        continue;
      }
      if (isScalar(key)) refuseFeatures(walker, key, keyPosition);
      const name = isScalar(key) ? String(key.value ?? '') : '';
      entries.push({
        key: name,
        ...keyPosition,
        value: convertNode(walker, pair.value, keyPosition),
      });
    }
    return { kind: 'mapping', entries, ...position };
  }
  return { kind: 'scalar', value: '', ...fallback };
}

/** Parses frontmatter with the `yaml` package, every scalar read as text, into a raw tree. */
export function readYamlFrontmatter(text: string, firstLine: number): ReadYamlFrontmatterResult {
  const depth = flowNestingDepth(text);
  if (depth > MAX_FLOW_NESTING_DEPTH) {
    const issue = createIssue(
      'frontmatter_too_deep',
      'error',
      `frontmatter nests [ ] or { } ${depth} levels deep; at most ${MAX_FLOW_NESTING_DEPTH} are allowed — flatten the value or write it as a block list`,
      { line: firstLine, column: 1 },
    );
    return { ok: false, issues: [issue] };
  }
  const yaml = yamlLibrary();
  const lineCounter = new yaml.LineCounter();
  const document = yaml.parseDocument(text, {
    schema: 'failsafe',
    lineCounter,
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
  });
  const walker: Walker = { yaml, lineCounter, firstLine, issues: [] };
  if (document.errors.length > 0) {
    const issues = document.errors.slice(0, 3).map((error) => {
      const position = positionAt(walker, error.pos[0]);
      const detail = error.message.split('\n')[0] ?? error.message;
      if (error.code === 'DUPLICATE_KEY') {
        return createIssue(
          'duplicate_field',
          'error',
          `frontmatter repeats a key at line ${position.line}; keep only one`,
          position,
        );
      }
      return createIssue(
        'invalid_yaml',
        'error',
        `frontmatter is not valid YAML at line ${position.line}, column ${position.column}: ${detail}; quote values that contain ': ' or start with a special character`,
        position,
      );
    });
    return { ok: false, issues };
  }
  if (document.contents === null) return { ok: true, issues: [] };
  const root = convertNode(walker, document.contents, { line: firstLine, column: 1 });
  return { ok: true, root, issues: [...refusedIssues(walker), ...walker.issues] };
}
