import type { ComponentProps } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { rehypeBlockDirection } from './rehype-block-direction.ts';
import { rehypeDemoteHeadings } from './rehype-demote-headings.ts';
import { rehypeHighlightCode } from './rehype-highlight-code.ts';
import { rehypeLabelTaskItems } from './rehype-label-task-items.ts';
import { rehypeSkillFileLinks, type SkillFileLinks } from './rehype-skill-file-links.ts';
import classes from './skill-markdown.module.css';
import { useScrollsSideways } from './use-scrolls-sideways.ts';

/** Props of {@link SkillMarkdown}. */
export interface SkillMarkdownProps {
  text: string;
  /** The skill's files: mentions of them link to their view; other relative links go nowhere. */
  files?: SkillFileLinks;
}

function MarkdownLink({ node: _node, href, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  const file = (props as Record<string, unknown>)['data-skill-file'];
  if (href !== undefined && typeof file === 'string') return <Link to={href} {...props} />;
  if (href === undefined || href.startsWith('#')) return <a href={href} {...props} />;
  return <a href={href} {...props} target="_blank" rel="noopener noreferrer" />;
}

/** A box that scrolls sideways takes the focus, so the keyboard can scroll it (WCAG 2.1.1). */
function scrollableProps(scrolls: boolean, label: string) {
  return scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
}

function MarkdownTable({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <div ref={ref} className={classes.tableScroll} {...scrollableProps(scrolls, 'Table')}>
      <table {...props} />
    </div>
  );
}

function MarkdownCode({ node: _node, ...props }: ComponentProps<'pre'> & { node?: unknown }) {
  const { ref, scrolls } = useScrollsSideways<HTMLPreElement>();
  return <pre ref={ref} {...props} {...scrollableProps(scrolls, 'Code')} />;
}

const components: Components = { a: MarkdownLink, table: MarkdownTable, pre: MarkdownCode };

/**
 * Renders a skill's Markdown safely, as GitHub does: tables, task lists, strikethrough and
 * autolinks (GFM), highlighted fenced code, and each block in its own writing direction, with
 * headings one level below the page's title. Raw
 * HTML is never parsed (no rehype-raw), the tree is sanitised, and react-markdown drops
 * `javascript:` and other unsafe URLs; highlighting, directions and file links are added after.
 */
export function SkillMarkdown({ text, files }: SkillMarkdownProps) {
  const rehypePlugins: Options['rehypePlugins'] = [
    rehypeSanitize,
    rehypeDemoteHeadings,
    rehypeHighlightCode,
    rehypeBlockDirection,
    rehypeLabelTaskItems,
    ...(files === undefined
      ? []
      : [[rehypeSkillFileLinks, files] as [typeof rehypeSkillFileLinks, SkillFileLinks]]),
  ];
  return (
    <div className={`markdown ${classes.markdown}`}>
      <Markdown
        skipHtml
        remarkPlugins={[remarkGfm]}
        rehypePlugins={rehypePlugins}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
