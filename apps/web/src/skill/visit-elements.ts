import type { Element, Root } from 'hast';

/** Calls `visit` on every element of a HAST tree, parents before children, with its parent. */
export function visitElements(
  tree: Root | Element,
  visit: (element: Element, parent: Root | Element) => void,
): void {
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    visit(child, tree);
    visitElements(child, visit);
  }
}
