import type { ModelCall } from './scripted-model.ts';

/** A skill as an agent may show it: its name and description. */
export interface SkillText {
  name: string;
  description: string;
}

/** Which skills a model call showed the model, and its size. */
export interface SkillsShown {
  /** Names that appear as whole words (a hyphenated name never matches inside a longer one). */
  listed: Set<string>;
  /** Names whose description (its first 60 characters, whitespace folded) appears. */
  described: Set<string>;
  /** The request body's size in bytes. */
  bytes: number;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&#39;': "'",
};

function strings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const each of value) strings(each, into);
  else if (value !== null && typeof value === 'object') {
    for (const each of Object.values(value)) strings(each, into);
  }
  return into;
}

function fold(text: string): string {
  return text
    .replace(/&(amp|lt|gt|quot|apos|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text a model call carries (every string of its JSON body, XML entities decoded, whitespace folded). */
export function callText(call: ModelCall): string {
  return fold(strings(call.body, []).join('\n'));
}

/** Which of `skills` the call lists by name and which it describes. */
export function skillsShown(call: ModelCall, skills: readonly SkillText[]): SkillsShown {
  const text = callText(call);
  const listed = new Set<string>();
  const described = new Set<string>();
  for (const skill of skills) {
    if (new RegExp(`(?<![a-z0-9-])${escapeRegExp(skill.name)}(?![a-z0-9-])`, 'i').test(text)) {
      listed.add(skill.name);
    }
    const prefix = fold(skill.description).trim().slice(0, 60);
    if (prefix.length > 0 && text.includes(prefix)) described.add(skill.name);
  }
  return { listed, described, bytes: Buffer.byteLength(call.raw) };
}

/** The calls of an agent's own loop (those offering tools), without titles, routers and summaries. */
export function loopCalls(calls: readonly ModelCall[]): ModelCall[] {
  return calls.filter((call) => {
    const tools = call.body.tools;
    return Array.isArray(tools) && tools.length > 0;
  });
}
