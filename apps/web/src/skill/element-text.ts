import type { Element } from 'hast';

/** The text of an element and its descendants, as written. */
export function elementText(element: Element): string {
  return element.children
    .map((child) => {
      if (child.type === 'text') return child.value;
      return child.type === 'element' ? elementText(child) : '';
    })
    .join('');
}
