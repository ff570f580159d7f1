import type { DoctorFinding } from './doctor-finding.ts';
import { maskAvoidedExamples } from './mask-avoided-examples.ts';
import { maskQuotedMarkdown } from './mask-quoted-markdown.ts';

/** Options for {@link scanSkillText}. */
export interface ScanSkillTextOptions {
  skill: string;
  /** The file's name as reported (e.g. its path). */
  file: string;
  text: string;
}

const overridePatterns: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+|those\s+)?(?:previous|prior|above|earlier|preceding|former|original|other)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|context|skills?)\b/i,
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:the\s+|your\s+|any\s+|all\s+)?(?:system\s+(?:prompt|message|instructions?)|developer\s+(?:message|instructions?)|safety\s+(?:rules|guidelines|instructions?)|guardrails)\b/i,
  /\b(?:new|updated|real)\s+system\s+prompt\s*:/i,
  /\b(?:reveal|print|output|dump|leak)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions)\b/i,
  /\b(?:do\s+not|don't|never)\s+(?:tell|inform|alert|notify)\s+the\s+user\s+(?:that\b|what\s+you|about\s+(?:this|these|the|any)\s+(?:skill|instructions?|rules?|prompt|file|script)s?\b|you\b)/i,
  /\b(?:takes?\s+precedence\s+over|supersedes?|overrides?)\s+(?:all\s+|any\s+)?(?:other\s+skills|the\s+system\s+prompt|system\s+instructions|your\s+instructions)\b/i,
  /\byou\s+are\s+no\s+longer\s+(?:bound|restricted|an?\s+(?:ai|assistant))\b/i,
];

// Zero-width and invisible formatting characters, bidi controls, and Unicode tag characters.
const hiddenPattern =
  /[\u200B\u200C\u2060-\u2064\u180E\uFEFF\u202A-\u202E\u2066-\u2069]|\u200D|\uDB40[\uDC00-\uDC7F]/g;
const emojiJoiner = /\p{Extended_Pictographic}\uFE0F?\u200D/uy;
const modelDirected =
  /\b(?:you|your|assistant|ai|model|llm|claude|gpt|agent|ignore|instructions?|system\s+prompt|must|always|never|do\s+not|don't|secretly|pretend)\b/i;

// Cheap whole-text tests: most files contain none of these, and skip masking and the line scan.
const overrideHint =
  /\b(?:ignore|disregard|forget|override|overrides|bypass|system\s+prompt|tell|inform|alert|notify|precedence|supersedes?|no\s+longer|hidden\s+instructions)\b/i;

function mayHaveRisks(text: string): boolean {
  hiddenPattern.lastIndex = 0;
  return text.includes('<!--') || hiddenPattern.test(text) || overrideHint.test(text);
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let position = text.indexOf('\n'); position !== -1 && position < index; ) {
    line += 1;
    position = text.indexOf('\n', position + 1);
  }
  return line;
}

function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function isEmojiJoiner(text: string, index: number): boolean {
  if (text[index] !== '\u200D') return false;
  for (const back of [2, 3, 1, 4]) {
    const start = index - back;
    if (start < 0) continue;
    emojiJoiner.lastIndex = start;
    if (emojiJoiner.test(text) && emojiJoiner.lastIndex === index + 1) return true;
  }
  return false;
}

/**
 * Finds text in a Markdown file that tries to override the system or other skills, hidden
 * characters, and HTML comments aimed at the model; text quoted as code, or quoted as an example
 * of what to avoid, is not an instruction.
 */
export function scanSkillText(options: ScanSkillTextOptions): DoctorFinding[] {
  const { skill, file, text } = options;
  const findings: DoctorFinding[] = [];
  if (!mayHaveRisks(text)) return findings;
  const masked = maskAvoidedExamples(maskQuotedMarkdown(text));
  const lines = masked.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!overrideHint.test(line)) continue;
    for (const pattern of overridePatterns) {
      const match = pattern.exec(line);
      if (match === null) continue;
      findings.push({
        code: 'instruction_override',
        severity: 'warning',
        category: 'content',
        skill,
        file,
        line: index + 1,
        message: `Text tries to override the system or other skills: "${match[0]}".`,
        fix: 'Remove the sentence; if the skill explains such text, quote it in a code block or inline code.',
      });
      break;
    }
  }
  const hidden = new Map<number, Set<string>>();
  for (const match of masked.matchAll(hiddenPattern)) {
    const index = match.index ?? 0;
    if (match[0] === '\uFEFF' && index === 0) continue;
    if (isEmojiJoiner(masked, index)) continue;
    const line = lineAt(masked, index);
    const names = hidden.get(line) ?? new Set<string>();
    names.add(codePointName(match[0]));
    hidden.set(line, names);
  }
  for (const [line, names] of hidden) {
    findings.push({
      code: 'hidden_characters',
      severity: 'warning',
      category: 'content',
      skill,
      file,
      line,
      message: `Invisible characters (${[...names].join(', ')}) can hide text from a reader while the model still reads it.`,
      fix: 'Delete the invisible characters, or write them as escapes (\\u200b) inside a code span.',
    });
  }
  for (const match of masked.matchAll(/<!--([\s\S]*?)-->/g)) {
    const content = match[1] ?? '';
    if (!modelDirected.test(content)) continue;
    const excerpt = content.replace(/\s+/g, ' ').trim().slice(0, 80);
    findings.push({
      code: 'hidden_html_comment',
      severity: 'warning',
      category: 'content',
      skill,
      file,
      line: lineAt(masked, match.index ?? 0),
      message: `An HTML comment, invisible when the Markdown is rendered, speaks to the model: "${excerpt}".`,
      fix: 'Move the text out of the comment so readers see it, or delete it.',
    });
  }
  return findings;
}
