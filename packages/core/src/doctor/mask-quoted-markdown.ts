const fencePattern = /^ {0,3}(`{3,}|~{3,})/;
const closingPattern = /^ {0,3}(`{3,}|~{3,})\s*$/;

function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

function maskInlineCode(line: string): string {
  return line.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (match) => blank(match));
}

/**
 * Replaces fenced code blocks and inline code spans with spaces, keeping every line and column, so
 * that text quoted as code (a skill explaining prompt injection) is not read as an instruction.
 */
export function maskQuotedMarkdown(text: string): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      const opening = fencePattern.exec(line)?.[1];
      if (fence !== undefined) {
        const closing = closingPattern.exec(line)?.[1];
        const closes =
          closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length;
        if (closes) fence = undefined;
        return blank(line);
      }
      if (opening !== undefined) {
        fence = opening;
        return blank(line);
      }
      return maskInlineCode(line);
    })
    .join('\n');
}
