import type { Root } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import diff from 'highlight.js/lib/languages/diff';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import { elementText } from './element-text.ts';
import { visitElements } from './visit-elements.ts';

/** The languages skills write most; each grammar also answers to its aliases (sh, py, ts, yml…). */
const lowlight = createLowlight({
  bash,
  diff,
  javascript,
  json,
  markdown,
  python,
  shell,
  sql,
  typescript,
  xml,
  yaml,
});
const LANGUAGE_CLASS = /^language-(.+)$/;

function languageOf(classNames: unknown): string | undefined {
  if (!Array.isArray(classNames)) return undefined;
  for (const className of classNames) {
    const match = LANGUAGE_CLASS.exec(String(className));
    if (match?.[1] !== undefined) return match[1].toLowerCase();
  }
  return undefined;
}

/**
 * Highlights fenced code whose language is registered (` ```python `) into `hljs-*` token spans;
 * runs after sanitising, so its spans keep their classes, and leaves other code as text.
 */
export function rehypeHighlightCode() {
  return (tree: Root) => {
    visitElements(tree, (element, parent) => {
      if (element.tagName !== 'code' || parent.type !== 'element' || parent.tagName !== 'pre') {
        return;
      }
      const language = languageOf(element.properties.className);
      if (language === undefined || !lowlight.registered(language)) return;
      const highlighted = lowlight.highlight(language, elementText(element));
      element.children = highlighted.children as typeof element.children;
      element.properties.className = [...(element.properties.className as string[]), 'hljs'];
    });
  };
}
