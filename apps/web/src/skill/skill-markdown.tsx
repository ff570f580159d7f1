import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * Renders a skill's Markdown safely: raw HTML is never parsed (no rehype-raw), the tree is
 * sanitised, and react-markdown drops `javascript:` and other unsafe URLs.
 */
export function SkillMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown skipHtml rehypePlugins={[rehypeSanitize]}>
        {text}
      </Markdown>
    </div>
  );
}
