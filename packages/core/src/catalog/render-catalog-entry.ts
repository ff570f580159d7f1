import { escapeXml } from './escape-xml.ts';

/** How the catalog is written: a Markdown list or the Agent Skills `<available_skills>` XML. */
export type CatalogFormat = 'markdown' | 'xml';

/** Renders one catalog entry as whole lines ending in a newline; no description = name only. */
export function renderCatalogEntry(
  format: CatalogFormat,
  name: string,
  description?: string,
  location?: string,
): string {
  if (format === 'markdown') {
    return description === undefined ? `- ${name}\n` : `- ${name}: ${description}\n`;
  }
  const parts = [`<skill>\n<name>${escapeXml(name)}</name>\n`];
  if (description !== undefined)
    parts.push(`<description>${escapeXml(description)}</description>\n`);
  if (location !== undefined) parts.push(`<location>${escapeXml(location)}</location>\n`);
  parts.push('</skill>\n');
  return parts.join('');
}

/** The lines before the entries. */
export function renderCatalogHeader(format: CatalogFormat): string {
  return format === 'xml' ? '<available_skills>\n' : '';
}

/** The lines after the entries: the XML closing tag and, when skills were left out, how to find them. */
export function renderCatalogFooter(format: CatalogFormat, omitted: number): string {
  const close = format === 'xml' ? '</available_skills>\n' : '';
  if (omitted === 0) return close;
  const noun = omitted === 1 ? 'skill is' : 'skills are';
  return `${close}${omitted} more ${noun} not listed here; call the search_skills tool to find them.\n`;
}
