import { z } from 'zod';

/** One trigger eval case, as Anthropic's skill-creator writes them in `evals/triggers.json`. */
export interface TriggerEvalCase {
  query: string;
  shouldTrigger: boolean;
}

/** Where a skill keeps its trigger eval set, relative to its folder. */
export const TRIGGER_EVAL_SET_PATH = 'evals/triggers.json';
/** The most cases one eval set may hold. */
export const MAXIMUM_TRIGGER_EVAL_CASES = 500;
/** The longest query a case may carry, in characters. */
export const MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH = 4000;

const caseSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'the query is empty')
    .max(
      MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH,
      `the query is longer than ${MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH} characters`,
    ),
  should_trigger: z.boolean('should_trigger must be true or false'),
});

const setSchema = z
  .array(caseSchema, 'an eval set is a JSON array of {"query", "should_trigger"} objects')
  .min(1, 'the eval set has no cases')
  .max(
    MAXIMUM_TRIGGER_EVAL_CASES,
    `the eval set has more than ${MAXIMUM_TRIGGER_EVAL_CASES} cases`,
  );

/** The outcome of {@link parseTriggerEvalSet}: the cases, or one message saying what is wrong and where. */
export type ParsedTriggerEvalSet =
  | { ok: true; cases: TriggerEvalCase[] }
  | { ok: false; message: string };

/** Checks an eval set already parsed from JSON; `source` names it in messages (a file path). */
export function readTriggerEvalSet(value: unknown, source: string): ParsedTriggerEvalSet {
  const parsed = setSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = (issue?.path ?? [])
      .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
      .join('');
    return {
      ok: false,
      message: `${source}${at}: ${issue?.message ?? 'not a trigger eval set'}. Expected a JSON array like [{"query": "…", "should_trigger": true}].`,
    };
  }
  return {
    ok: true,
    cases: parsed.data.map((each) => ({ query: each.query, shouldTrigger: each.should_trigger })),
  };
}

/** Parses the text of a trigger eval set file. */
export function parseTriggerEvalSet(text: string, source: string): ParsedTriggerEvalSet {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `${source}: not valid JSON (${(error as Error).message}). Expected a JSON array like [{"query": "…", "should_trigger": true}].`,
    };
  }
  return readTriggerEvalSet(value, source);
}
