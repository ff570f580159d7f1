const replacements: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes the five XML special characters so text can sit inside an element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => replacements[character] ?? character);
}
