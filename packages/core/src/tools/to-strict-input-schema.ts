import type { ToolInputSchema } from './skill-tool.ts';

type SchemaNode = Record<string, unknown>;

/** Keywords strict function calling rejects (openai SDK `toStrictJsonSchema`); a schema using one is not strict-ready. */
const UNSUPPORTED_KEYWORDS = [
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'patternProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'minProperties',
  'maxProperties',
  'uniqueItems',
] as const;

/**
 * Rewrites an object schema into the strict function-calling form (OpenAI `strict: true`): every
 * object lists all its properties as required, an optional property becomes nullable, and objects
 * with properties are closed with `additionalProperties: false`; an object without properties stays
 * open (not strict-ready). Callers send `null` for an omitted property.
 */
export function toStrictInputSchema(schema: ToolInputSchema): ToolInputSchema {
  return strictNode(schema) as ToolInputSchema;
}

function strictNode(node: unknown): unknown {
  if (!isNode(node)) return node;
  const result: SchemaNode = { ...node };
  const properties = node.properties;
  if (isNode(properties)) {
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    result.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => {
        const strict = strictNode(value);
        return [key, required.has(key) ? strict : nullable(strict)];
      }),
    );
    result.required = Object.keys(properties);
    if (!('additionalProperties' in node)) result.additionalProperties = false;
  }
  if ('items' in node) result.items = strictNode(node.items);
  if (Array.isArray(node.anyOf)) result.anyOf = node.anyOf.map(strictNode);
  return result;
}

function nullable(node: unknown): unknown {
  if (!isNode(node) || acceptsNull(node)) return node;
  const { description, ...rest } = node;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [rest, { type: 'null' }],
  };
}

/** Whether a JSON Schema node lets `null` through (a `null` type, or a union with a `null` branch). */
export function acceptsNull(node: SchemaNode): boolean {
  if (node.type === 'null') return true;
  if (Array.isArray(node.type) && node.type.includes('null')) return true;
  return (
    Array.isArray(node.anyOf) && node.anyOf.some((branch) => isNode(branch) && acceptsNull(branch))
  );
}

/** Whether a schema already meets strict function calling's rules, so a tool may be sent with `strict: true`. */
export function isStrictInputSchema(schema: ToolInputSchema): boolean {
  return isStrictNode(schema);
}

function isStrictNode(node: unknown): boolean {
  if (!isNode(node)) return false;
  if (UNSUPPORTED_KEYWORDS.some((keyword) => node[keyword] !== undefined)) return false;
  const isObject =
    node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));
  if (isObject || node.properties !== undefined) {
    if (node.additionalProperties !== false) return false;
    const properties = isNode(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? node.required : [];
    const keys = Object.keys(properties);
    if (keys.length !== required.length || keys.some((key) => !required.includes(key))) {
      return false;
    }
    if (!Object.values(properties).every(isStrictNode)) return false;
  }
  const isArray =
    node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array'));
  if (isArray && !isStrictNode(node.items)) return false;
  if (!isArray && node.items !== undefined && !isStrictNode(node.items)) return false;
  if (node.anyOf !== undefined) {
    if (!Array.isArray(node.anyOf) || !node.anyOf.every(isStrictNode)) return false;
  }
  return true;
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
