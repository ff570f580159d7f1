// A line that presents examples of what not to write: the quoted text on it is an example.
const avoidCue =
  /\b(?:avoid|avoiding|don't\s+(?:say|write|use)|do\s+not\s+(?:say|write|use)|never\s+(?:say|write|use)|phrases?\s+(?:like|such\s+as)|such\s+as|for\s+example|e\.g\.|examples?\s+of|anti-?patterns?|bad\s+examples?)\b/i;
const quoted = /"[^"\n]*"|“[^”\n]*”/g;
const listItem = /^\s*(?:[-*+]|\d+[.)])\s+/;

function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/**
 * Replaces quoted text with spaces where it is an example of what to avoid, keeping every line
 * and column: quotes on a line that says "avoid …", "such as …", "e.g. …", and the items of a
 * list that such a line introduces (`Phrases to avoid:` followed by `- "…"`).
 */
export function maskAvoidedExamples(text: string): string {
  let inAvoidList = false;
  return text
    .split('\n')
    .map((line) => {
      if (inAvoidList && !listItem.test(line)) inAvoidList = false;
      const examples = avoidCue.test(line) || inAvoidList;
      if (avoidCue.test(line) && line.trimEnd().endsWith(':')) inAvoidList = true;
      return examples ? line.replace(quoted, blank) : line;
    })
    .join('\n');
}
