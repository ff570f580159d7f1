/** The six frontmatter fields of the portable Agent Skills spec; the only ones `strict` accepts. */
export const SPEC_FIELDS: readonly string[] = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
];

/** Every field of the extended manifest, in the order serialisation writes them. */
export const MANIFEST_FIELDS = [
  'name',
  'description',
  'license',
  'compatibility',
  'allowed-tools',
  'disallowed-tools',
  'disable-model-invocation',
  'user-invocable',
  'context',
  'agent',
  'model',
  'argument-hint',
  'arguments',
  'tags',
  'category',
  'icon',
  'version',
  'integration',
  'requires',
  'tool-dispatch',
  'references',
  'metadata',
] as const;

/** A canonical (kebab-case) manifest field name. */
export type ManifestField = (typeof MANIFEST_FIELDS)[number];

/** Other spellings read as a canonical field (snake_case and camelCase variants used in the wild). */
export const FIELD_ALIASES: Readonly<Record<string, ManifestField>> = {
  allowed_tools: 'allowed-tools',
  allowedTools: 'allowed-tools',
  disallowed_tools: 'disallowed-tools',
  disallowedTools: 'disallowed-tools',
  disable_model_invocation: 'disable-model-invocation',
  disableModelInvocation: 'disable-model-invocation',
  user_invocable: 'user-invocable',
  userInvocable: 'user-invocable',
  argument_hint: 'argument-hint',
  argumentHint: 'argument-hint',
  integration_id: 'integration',
  'integration-id': 'integration',
  integrationId: 'integration',
  'command-tool': 'tool-dispatch',
  command_tool: 'tool-dispatch',
  commandTool: 'tool-dispatch',
  tool_dispatch: 'tool-dispatch',
  toolDispatch: 'tool-dispatch',
};

const CANONICAL = new Set<string>(MANIFEST_FIELDS);

/** The canonical field a frontmatter key stands for, or undefined for an unknown key. */
export function canonicalFieldName(key: string): ManifestField | undefined {
  if (CANONICAL.has(key)) return key as ManifestField;
  return Object.hasOwn(FIELD_ALIASES, key) ? FIELD_ALIASES[key] : undefined;
}
