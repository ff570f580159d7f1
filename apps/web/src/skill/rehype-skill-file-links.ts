import type { Element, Root } from 'hast';
import { elementText } from './element-text.ts';
import { resolveSkillFile } from './resolve-skill-file.ts';
import { visitElements } from './visit-elements.ts';

/** The files a skill's Markdown may mention, and the app page that shows each one. */
export interface SkillFileLinks {
  /** Paths relative to the skill root, SKILL.md excluded. */
  paths: readonly string[];
  /** The app URL of the page showing one file. */
  href: (path: string) => string;
}

const EXTERNAL = /^[A-Za-z][A-Za-z0-9+.-]*:|^\/\//;

/**
 * Points links and inline code that name one of the skill's files (`references/api.md`) at the
 * app's view of that file, marked `data-skill-file`; drops the href of other relative links,
 * which would lead nowhere in the app. Runs after sanitising.
 */
export function rehypeSkillFileLinks(links: SkillFileLinks) {
  const files = new Set(links.paths);
  const fileLink = (path: string, children: Element['children']): Element => ({
    type: 'element',
    tagName: 'a',
    properties: { href: links.href(path), dataSkillFile: path },
    children,
  });
  return (tree: Root) => {
    visitElements(tree, (element, parent) => {
      if (element.tagName === 'a') {
        const href = element.properties.href;
        if (typeof href !== 'string' || EXTERNAL.test(href) || href.startsWith('#')) return;
        const path = resolveSkillFile(href, files);
        if (path === undefined) delete element.properties.href;
        else Object.assign(element.properties, fileLink(path, []).properties);
        return;
      }
      if (element.tagName !== 'code' || parent.type !== 'element') return;
      if (parent.tagName === 'pre' || parent.tagName === 'a') return;
      const path = resolveSkillFile(elementText(element), files);
      if (path === undefined) return;
      const index = parent.children.indexOf(element);
      parent.children[index] = fileLink(path, [element]);
    });
  };
}
