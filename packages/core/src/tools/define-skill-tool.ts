import { z } from 'zod';
import { closestNames } from '../registry/closest-names.ts';
import { omitNullOptionals } from './omit-null-optionals.ts';
import type { SkillTool, SkillToolResult, ToolInputSchema } from './skill-tool.ts';
import { isStrictInputSchema, toStrictInputSchema } from './to-strict-input-schema.ts';
import { toolFailure, toolFailureFromError } from './tool-result.ts';

/** Options for {@link defineSkillTool}. */
export interface DefineSkillToolOptions<Input extends z.ZodType, Data> {
  name: string;
  description: string;
  /** The one definition of the input: it validates calls and yields the JSON Schema. */
  input: Input;
  /** A narrower schema to show models instead of `input`'s, when `input` also takes forms strict mode cannot express. */
  advertised?: z.ZodType;
  /** Adjusts the raw input before validation, e.g. to match skill names case-insensitively. */
  prepare?: (input: unknown) => unknown;
  run(input: z.output<Input>): Promise<SkillToolResult<Data>>;
}

/**
 * Defines a tool from a Zod schema: the JSON Schema is generated from it both plain and in the
 * strict form (every property required, optional ones nullable), and every call validated against
 * it, an optional property either omitted or `null`.
 */
export function defineSkillTool<Input extends z.ZodType, Data = unknown>(
  options: DefineSkillToolOptions<Input, Data>,
): SkillTool<Data> {
  const { name, description, input, prepare, run } = options;
  const inputSchema = toInputSchema(options.advertised ?? input);
  const strictInputSchema = toStrictInputSchema(inputSchema);
  if (!isStrictInputSchema(strictInputSchema)) {
    throw new TypeError(
      `The input schema of ${name} cannot be made strict (open objects or unsupported keywords).`,
    );
  }
  return {
    name,
    description,
    inputSchema,
    strictInputSchema,
    async execute(raw) {
      try {
        const given = omitNullOptionals(raw, inputSchema);
        const prepared = prepare === undefined ? given : prepare(given);
        const parsed = input.safeParse(prepared);
        if (!parsed.success) {
          return toolFailure(
            'invalid_input',
            `Invalid input for ${name}:\n${formatInputIssues(parsed.error.issues, prepared)}`,
          );
        }
        return await run(parsed.data);
      } catch (error) {
        return toolFailureFromError(error);
      }
    },
  };
}

/** The JSON Schema of a Zod object schema, as the input side sees it, without `$schema`. */
export function toInputSchema(schema: z.ZodType): ToolInputSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input' });
  if (jsonSchema.type !== 'object') {
    throw new TypeError(`A tool's input schema must describe an object, not ${jsonSchema.type}.`);
  }
  return jsonSchema as ToolInputSchema;
}

// Longer lists of allowed values (e.g. every skill name) are replaced by the closest few.
const MAX_LISTED_VALUES = 8;

/** Formats Zod issues one a line, each naming the field it concerns; `input` lets long enums suggest the closest values. */
export function formatInputIssues(issues: readonly z.core.$ZodIssue[], input?: unknown): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      if (issue.code === 'invalid_value' && issue.values.length > MAX_LISTED_VALUES) {
        const given = issue.path.reduce<unknown>(
          (value, key) => (value as Record<PropertyKey, unknown> | undefined)?.[key],
          input,
        );
        const names = issue.values.filter((value) => typeof value === 'string');
        const closest = typeof given === 'string' ? closestNames(given, names) : [];
        const hint =
          closest.length === 0
            ? ''
            : `; did you mean ${closest.map((each) => JSON.stringify(each)).join(', ')}?`;
        return `- ${path === '' ? 'value' : path}: ${JSON.stringify(given)} is not one of the ${issue.values.length} allowed values${hint}`;
      }
      if (issue.code === 'unrecognized_keys') {
        const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
        return `- unknown field${issue.keys.length === 1 ? '' : 's'} ${keys}${path ? ` in ${path}` : ''}`;
      }
      return path === '' ? `- ${issue.message}` : `- ${path}: ${issue.message}`;
    })
    .join('\n');
}
