import type { Node } from 'yaml';
import { yamlLibrary } from '../format/yaml-library.ts';
import { positionAt, type TextPosition } from './position-at.ts';

/**
 * Creates a function that finds where a JSON path (`['rules', 0, 'action']`) is written in a JSON
 * text: the key for an object member, the item for a list entry, or the deepest part that exists.
 */
export function createJsonPathLocator(
  text: string,
): (path: ReadonlyArray<string | number>) => TextPosition | undefined {
  let root: Node | null | undefined;
  // The text is parsed on the first lookup, so a valid config never loads `yaml`.
  const parse = (): Node | null => {
    try {
      return yamlLibrary().parseDocument(text, { uniqueKeys: false }).contents;
    } catch {
      return null;
    }
  };
  return (path) => {
    const { isMap, isPair, isScalar, isSeq } = yamlLibrary();
    root ??= parse();
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
