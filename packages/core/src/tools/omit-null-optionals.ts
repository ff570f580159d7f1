import { acceptsNull } from './to-strict-input-schema.ts';

type SchemaNode = Record<string, unknown>;

/**
 * Drops `null` values the schema does not accept from properties it does not require, at any
 * depth: strict function calling sends `null` for an omitted optional property.
 */
export function omitNullOptionals(value: unknown, schema: unknown): unknown {
  if (!isNode(schema)) return value;
  if (Array.isArray(value)) {
    return value.map((item) => omitNullOptionals(item, schema.items));
  }
  if (typeof value !== 'object' || value === null) return value;
  let result = value as Record<string, unknown>;
  if (isNode(schema.properties)) {
    const properties = schema.properties;
    const required = Array.isArray(schema.required) ? schema.required : [];
    result = {};
    for (const [key, item] of Object.entries(value)) {
      const propertySchema = properties[key];
      if (item === null && !required.includes(key) && !acceptsNullValue(propertySchema)) continue;
      result[key] = omitNullOptionals(item, propertySchema);
    }
  }
  if (Array.isArray(schema.anyOf)) {
    for (const branch of schema.anyOf) {
      if (isNode(branch) && isNode(branch.properties)) {
        result = omitNullOptionals(result, branch) as Record<string, unknown>;
      }
    }
  }
  return result;
}

function acceptsNullValue(schema: unknown): boolean {
  if (!isNode(schema)) return schema === undefined || schema === true;
  if (acceptsNull(schema)) return true;
  return schema.type === undefined && schema.anyOf === undefined && schema.enum === undefined;
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
