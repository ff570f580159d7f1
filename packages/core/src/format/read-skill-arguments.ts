import type { SkillArgument, SkillArgumentType } from '../skill/skill-manifest.ts';
import { createIssue } from './create-issue.ts';
import { type FieldReader, parseFlag, reportNonTextScalar } from './field-reader.ts';
import type { RawNode, RawPosition } from './raw-node.ts';

const ARGUMENT_TYPES: readonly SkillArgumentType[] = ['string', 'number', 'integer', 'boolean'];
const ARGUMENT_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const INTEGER_TEXT = /^[-+]?\d+$/;
const ARGUMENT_KEYS = new Set(['name', 'type', 'description', 'required', 'default', 'enum']);

function report(reader: FieldReader, where: RawPosition, message: string): void {
  reader.issues.push(
    createIssue('invalid_argument', 'error', message, {
      field: 'arguments',
      line: where.line,
      column: where.column,
    }),
  );
}

/** Converts argument text to its declared type, or undefined when it does not fit. */
export function convertArgumentValue(
  text: string,
  type: SkillArgumentType,
): string | number | boolean | undefined {
  const trimmed = text.trim();
  if (type === 'string') return text;
  if (type === 'boolean') return parseFlag(trimmed);
  if (type === 'integer') {
    const value = Number(trimmed);
    return INTEGER_TEXT.test(trimmed) && Number.isSafeInteger(value) ? value : undefined;
  }
  const value = Number(trimmed);
  return NUMBER_TEXT.test(trimmed) && Number.isFinite(value) ? value : undefined;
}

function readArgument(reader: FieldReader, node: RawNode): SkillArgument | undefined {
  if (node.kind === 'scalar') {
    if (!ARGUMENT_NAME.test(node.value)) {
      report(
        reader,
        node,
        `argument name '${node.value}' at line ${node.line} must be an identifier like 'file' or 'dry-run'`,
      );
      return undefined;
    }
    return { name: node.value, type: 'string', required: false };
  }
  if (node.kind === 'sequence') {
    report(
      reader,
      node,
      `argument at line ${node.line} must be a mapping with name, type, description, required, default, enum`,
    );
    return undefined;
  }
  const fields = new Map(node.entries.map((entry) => [entry.key, entry]));
  for (const entry of node.entries) {
    if (!ARGUMENT_KEYS.has(entry.key)) {
      report(
        reader,
        entry,
        `argument key '${entry.key}' at line ${entry.line} is unknown; use name, type, description, required, default or enum`,
      );
    }
  }
  const nameNode = fields.get('name')?.value;
  if (nameNode?.kind !== 'scalar' || !ARGUMENT_NAME.test(nameNode.value)) {
    const shown = nameNode?.kind === 'scalar' ? `'${nameNode.value}'` : 'missing';
    report(
      reader,
      nameNode ?? node,
      `argument name at line ${(nameNode ?? node).line} is ${shown}; give each argument a name like 'file' or 'dry-run'`,
    );
    return undefined;
  }
  const name = nameNode.value;
  const argument: SkillArgument = { name, type: 'string', required: false };
  const typeNode = fields.get('type')?.value;
  if (typeNode !== undefined) {
    const type = typeNode.kind === 'scalar' ? typeNode.value.trim() : '';
    if (!ARGUMENT_TYPES.includes(type as SkillArgumentType)) {
      report(
        reader,
        typeNode,
        `argument '${name}' has type ${typeNode.kind === 'scalar' ? `'${typeNode.value}'` : 'that is not text'} at line ${typeNode.line}; use string, number, integer or boolean`,
      );
      return undefined;
    }
    argument.type = type as SkillArgumentType;
  }
  const descriptionNode = fields.get('description')?.value;
  if (descriptionNode?.kind === 'scalar') {
    argument.description = descriptionNode.value;
    reportNonTextScalar(reader, `argument '${name}' description`, descriptionNode);
  } else if (descriptionNode !== undefined) {
    report(
      reader,
      descriptionNode,
      `argument '${name}' description at line ${descriptionNode.line} must be text`,
    );
  }
  const requiredNode = fields.get('required')?.value;
  if (requiredNode !== undefined) {
    const required = requiredNode.kind === 'scalar' ? parseFlag(requiredNode.value) : undefined;
    if (required === undefined) {
      report(
        reader,
        requiredNode,
        `argument '${name}' required at line ${requiredNode.line} must be true or false`,
      );
    } else argument.required = required;
  }
  const enumNode = fields.get('enum')?.value;
  if (enumNode !== undefined) {
    if (
      argument.type === 'boolean' ||
      enumNode.kind !== 'sequence' ||
      enumNode.items.length === 0
    ) {
      report(
        reader,
        enumNode,
        `argument '${name}' enum at line ${enumNode.line} must be a non-empty list of ${argument.type} values (not allowed for boolean)`,
      );
    } else {
      const values: Array<string | number> = [];
      for (const item of enumNode.items) {
        const value =
          item.kind === 'scalar' ? convertArgumentValue(item.value, argument.type) : undefined;
        if (value === undefined || typeof value === 'boolean') {
          report(
            reader,
            item,
            `argument '${name}' enum value at line ${item.line} is not a ${argument.type}`,
          );
        } else if (!values.includes(value)) values.push(value);
      }
      argument.enum = values;
    }
  }
  const defaultNode = fields.get('default')?.value;
  if (defaultNode !== undefined) {
    const value =
      defaultNode.kind === 'scalar'
        ? convertArgumentValue(defaultNode.value, argument.type)
        : undefined;
    if (value === undefined) {
      report(
        reader,
        defaultNode,
        `argument '${name}' default at line ${defaultNode.line} is not a ${argument.type}; change the default or the type`,
      );
    } else if (
      argument.enum !== undefined &&
      typeof value !== 'boolean' &&
      !argument.enum.includes(value)
    ) {
      report(
        reader,
        defaultNode,
        `argument '${name}' default '${String(value)}' at line ${defaultNode.line} is not one of its enum values (${argument.enum.join(', ')})`,
      );
    } else argument.default = value;
  }
  return argument;
}

/** Reads and validates the `arguments` list: names, types, enums, defaults; reports each problem. */
export function readSkillArguments(reader: FieldReader, node: RawNode): SkillArgument[] {
  if (node.kind === 'scalar' && node.value === '') return [];
  if (node.kind !== 'sequence') {
    report(
      reader,
      node,
      `arguments at line ${node.line} must be a list of {name, type, description, required, default, enum}`,
    );
    return [];
  }
  const declared: SkillArgument[] = [];
  for (const item of node.items) {
    const argument = readArgument(reader, item);
    if (argument === undefined) continue;
    if (declared.some((existing) => existing.name === argument.name)) {
      report(
        reader,
        item,
        `argument '${argument.name}' at line ${item.line} is declared twice; keep one`,
      );
      continue;
    }
    declared.push(argument);
  }
  return declared;
}
