/** A 1-based position in the `SKILL.md` file. */
export interface RawPosition {
  line: number;
  column: number;
}

/** A scalar as read from the frontmatter: always its string value (source text, quotes resolved). */
export interface RawScalar extends RawPosition {
  kind: 'scalar';
  value: string;
  /** Set when the scalar was written without quotes, so other YAML readers may type it. */
  plain?: true;
}

/** A YAML sequence read from the frontmatter. */
export interface RawSequence extends RawPosition {
  kind: 'sequence';
  items: RawNode[];
}

/** One `key: value` pair of a frontmatter mapping, positioned at its key. */
export interface RawEntry extends RawPosition {
  key: string;
  value: RawNode;
}

/** A YAML mapping read from the frontmatter, entries in source order. */
export interface RawMapping extends RawPosition {
  kind: 'mapping';
  entries: RawEntry[];
}

/** The untyped frontmatter tree both YAML readers produce; typed fields are read from it. */
export type RawNode = RawScalar | RawSequence | RawMapping;

/** Converts a raw node to plain data: strings, arrays and objects. */
export function rawNodeToData(node: RawNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'sequence') return node.items.map(rawNodeToData);
  const data: Record<string, unknown> = {};
  for (const entry of node.entries) setOwnValue(data, entry.key, rawNodeToData(entry.value));
  return data;
}

/** Converts plain data back to a raw node (positions set to 0), the inverse of {@link rawNodeToData}. */
export function dataToRawNode(data: unknown): RawNode {
  const position = { line: 0, column: 0 };
  if (Array.isArray(data)) {
    return { kind: 'sequence', items: data.map(dataToRawNode), ...position };
  }
  if (typeof data === 'object' && data !== null) {
    const entries = Object.entries(data).map(([key, value]) => ({
      key,
      value: dataToRawNode(value),
      ...position,
    }));
    return { kind: 'mapping', entries, ...position };
  }
  return {
    kind: 'scalar',
    value: data === null || data === undefined ? '' : String(data),
    ...position,
  };
}

/** Sets `data[key]` as an own property, so that a `__proto__` key stays data. */
export function setOwnValue(data: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
}
