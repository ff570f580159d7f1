import type { Root } from 'hast';
import { visitElements } from './visit-elements.ts';

const BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'th',
  'td',
  'dt',
  'dd',
]);

/**
 * Gives each text block `dir="auto"`, so a right-to-left paragraph (Arabic, Hebrew) reads and
 * aligns right in a left-to-right document and the other way round.
 */
export function rehypeBlockDirection() {
  return (tree: Root) => {
    visitElements(tree, (element) => {
      if (BLOCKS.has(element.tagName)) element.properties.dir = 'auto';
    });
  };
}
