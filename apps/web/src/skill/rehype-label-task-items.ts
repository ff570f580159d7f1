import type { Element, ElementContent, Root } from 'hast';
import { visitElements } from './visit-elements.ts';

/** The text of a list item, without the lists nested in it. */
function ownText(nodes: readonly ElementContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.value;
      if (node.type !== 'element' || node.tagName === 'ul' || node.tagName === 'ol') return '';
      return ownText(node.children);
    })
    .join('');
}

/**
 * Names each task list checkbox (`- [ ] item`) after its item's text, which screen readers
 * otherwise announce as an unnamed checkbox (WCAG 4.1.2).
 */
export function rehypeLabelTaskItems() {
  return (tree: Root) => {
    visitElements(tree, (element: Element, parent) => {
      if (element.tagName !== 'input' || element.properties.type !== 'checkbox') return;
      // In a loose list the checkbox sits in the item's paragraph.
      if (parent.type !== 'element' || !['li', 'p'].includes(parent.tagName)) return;
      const label = ownText(parent.children).replace(/\s+/g, ' ').trim();
      element.properties.ariaLabel = label === '' ? 'Task' : label;
    });
  };
}
