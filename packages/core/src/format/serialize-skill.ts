import { stringify } from 'yaml';
import type { SkillArgument, SkillManifest, SkillRequirements } from '../skill/skill-manifest.ts';
import type { FieldReader } from './field-reader.ts';
import { dataToRawNode } from './raw-node.ts';
import { readSkillRequirements } from './read-skill-requirements.ts';

function argumentToData(argument: SkillArgument): Record<string, unknown> {
  const data: Record<string, unknown> = { name: argument.name };
  if (argument.type !== 'string') data.type = argument.type;
  if (argument.description !== undefined) data.description = argument.description;
  if (argument.required) data.required = true;
  if (argument.enum !== undefined) data.enum = argument.enum;
  if (argument.default !== undefined) data.default = argument.default;
  return data;
}

function requirementsToData(requires: SkillRequirements): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of ['bins', 'anyBins', 'env', 'config', 'os'] as const) {
    if (requires[key].length > 0) data[key] = requires[key];
  }
  if (requires.network === true) data.network = true;
  if (requires.always) data.always = true;
  return data;
}

// Strings the yaml emitter may write in a form that does not read back identically.
const RISKY_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped.
  /^\s|\s$|[\x00-\x1f\x7f-\xa0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\ud800-\udfff]/;
const JSON_UNSAFE_FOR_YAML = /[\x7f-\xa0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g;

/** Writes `text` as a YAML double-quoted scalar with every unusual character escaped. */
function quoteText(text: string): string {
  return JSON.stringify(text).replace(
    JSON_UNSAFE_FOR_YAML,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Replaces risky strings in `data` by placeholders, remembering their quoted form. */
function protectStrings(data: unknown, quoted: Map<string, string>, nonce: string): unknown {
  if (typeof data === 'string') {
    if (!RISKY_TEXT.test(data)) return data;
    const placeholder = `skillset_${nonce}_${quoted.size}`;
    quoted.set(placeholder, quoteText(data));
    return placeholder;
  }
  if (Array.isArray(data)) return data.map((item) => protectStrings(item, quoted, nonce));
  if (typeof data === 'object' && data !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      Object.defineProperty(result, key, {
        value: protectStrings(value, quoted, nonce),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  }
  return data;
}

function sameRequirements(a: SkillRequirements | undefined, b: SkillRequirements | undefined) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Writes a manifest and body as `SKILL.md` text: kebab-case keys, defaults left out. */
export function serializeSkill(manifest: SkillManifest, body: string): string {
  const data: Record<string, unknown> = { name: manifest.name, description: manifest.description };
  const put = (key: string, value: unknown) => {
    if (value !== undefined) data[key] = value;
  };
  put('license', manifest.license);
  put('compatibility', manifest.compatibility);
  put('allowed-tools', manifest.allowedTools);
  put('disallowed-tools', manifest.disallowedTools);
  if (manifest.disableModelInvocation) data['disable-model-invocation'] = true;
  if (!manifest.userInvocable) data['user-invocable'] = false;
  if (manifest.context !== 'inline') data.context = manifest.context;
  put('agent', manifest.agent);
  put('model', manifest.model);
  put('argument-hint', manifest.argumentHint);
  if (manifest.arguments.length > 0) data.arguments = manifest.arguments.map(argumentToData);
  if (manifest.tags.length > 0) data.tags = manifest.tags;
  put('category', manifest.category);
  put('icon', manifest.icon);
  put('version', manifest.version);
  put('integration', manifest.integration);
  const reader: FieldReader = { profile: 'default', issues: [] };
  const fromMetadata =
    manifest.metadata === undefined
      ? undefined
      : readSkillRequirements(reader, undefined, dataToRawNode(manifest.metadata));
  if (manifest.requires !== undefined && !sameRequirements(manifest.requires, fromMetadata)) {
    data.requires = requirementsToData(manifest.requires);
  }
  put('tool-dispatch', manifest.toolDispatch);
  if (manifest.references.length > 0) data.references = manifest.references;
  put('metadata', manifest.metadata);
  for (const [key, value] of Object.entries(manifest.extra)) {
    if (!(key in data)) data[key] = value;
  }
  const quoted = new Map<string, string>();
  const nonce = Math.random().toString(36).slice(2, 10);
  const protectedData = protectStrings(data, quoted, nonce);
  const frontmatter = stringify(protectedData, { lineWidth: 0, minContentWidth: 0 }).replace(
    new RegExp(`skillset_${nonce}_\\d+`, 'g'),
    (placeholder) => quoted.get(placeholder) ?? placeholder,
  );
  return `---\n${frontmatter}---\n${body}`;
}
