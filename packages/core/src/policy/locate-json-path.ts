import { isMap, isPair, isScalar, isSeq, type Node, parseDocument } from 'yaml';

/** A 1-based line and column in a text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Converts a 0-based offset in a text to a 1-based line and column. */
export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Creates a function that finds where a JSON path (`['rules', 0, 'action']`) is written in a JSON
 * text: the key for an object member, the item for a list entry, or the deepest part that exists.
 */
export function createJsonPathLocator(
  text: string,
): (path: ReadonlyArray<string | number>) => TextPosition | undefined {
  let root: Node | null = null;
  try {
    root = parseDocument(text, { uniqueKeys: false }).contents;
  } catch {
    root = null;
  }
  return (path) => {
    let node: unknown = root;
    let offset = (root as Node | null)?.range?.[0];
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) =>
            isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (pair === undefined) break;
        offset = isScalar(pair.key) ? pair.key.range?.[0] : offset;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment] as Node | undefined;
        if (item === undefined) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else {
        break;
      }
    }
    return offset === undefined ? undefined : positionAt(text, offset);
  };
}
