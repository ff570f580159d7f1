import type { Root } from 'hast';
import { visitElements } from './visit-elements.ts';

/**
 * Moves each heading one level down (h1 → h2 … h5 → h6), so a body that opens with `# Title`
 * sits under the page's own h1 instead of adding a second one.
 */
export function rehypeDemoteHeadings() {
  return (tree: Root) => {
    visitElements(tree, (element) => {
      const level = /^h([1-5])$/.exec(element.tagName)?.[1];
      if (level !== undefined) element.tagName = `h${Number(level) + 1}`;
    });
  };
}
