import type { SkillIssue } from '../skill/skill-issue.ts';

/** A JSON Schema describing a tool's input: always an object schema. */
export interface ToolInputSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

/** Why a tool call failed: a snake_case code, a message for the model, and the details that apply. */
export interface SkillToolError<Code extends string = string> {
  code: Code;
  /** Every problem in one text, ready for the model (usage lines and issues included). */
  message: string;
  /** Validation issues of a refused write. */
  issues?: SkillIssue[];
  /** The usage line of a skill whose arguments were wrong. */
  usage?: string;
}

/** A successful tool call: the text the model reads, and structured data for the host. */
export interface SkillToolSuccess<Data = unknown> {
  ok: true;
  text: string;
  data?: Data;
}

/** A failed tool call, returned (never thrown) so the model can read it and correct itself. */
export interface SkillToolFailure<Code extends string = string> {
  ok: false;
  error: SkillToolError<Code>;
}

/** What every skill tool returns. */
export type SkillToolResult<Data = unknown> = SkillToolSuccess<Data> | SkillToolFailure;

/** A model-facing tool defined once and adapted to each SDK: name, description, JSON Schema and executor. */
export interface SkillTool<Data = unknown> {
  name: string;
  description: string;
  /** The input as plain JSON Schema (optional properties left out of `required`), for MCP and providers without strict mode. */
  inputSchema: ToolInputSchema;
  /**
   * The input in the strict function-calling form (every property required, optional ones
   * nullable), sent with `strict: true`; absent when the input has no strict form.
   */
  strictInputSchema?: ToolInputSchema;
  /** Validates the input (an optional property omitted or `null`) and runs the tool; resolves with an error result instead of throwing. */
  execute(input: unknown): Promise<SkillToolResult<Data>>;
}
