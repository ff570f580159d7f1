import { SpanStatusCode, trace } from '@opentelemetry/api';
import { SkillsetError } from '../errors/skillset-error.ts';
import { recordSkillMetrics } from './record-skill-metrics.ts';
import { skillOutcomeOf } from './skill-outcome-of.ts';
import {
  type SkillOutcome,
  type SkillSpanAttributes,
  toSpanAttributes,
} from './skill-span-attributes.ts';
import type { SkillSpanName } from './skill-span-name.ts';

/** Options for {@link withSkillSpan}. */
export interface SkillSpanOptions<Result> {
  name: SkillSpanName;
  attributes: SkillSpanAttributes;
  /** The outcome a result stands for, and attributes learnt during the work; `ok` when absent. */
  outcomeOf?: (result: Result) => SkillOutcome & { attributes?: SkillSpanAttributes };
}

/**
 * Runs `work` inside a span of the `skillset` tracer and counts it (see {@link recordSkillMetrics});
 * a throw ends the span as an error with the error's code only, never its message.
 */
export async function withSkillSpan<Result>(
  options: SkillSpanOptions<Result>,
  work: () => Promise<Result>,
): Promise<Result> {
  const { name } = options;
  return trace.getTracer('skillset').startActiveSpan(name, async (span) => {
    let attributes = options.attributes;
    let outcome: SkillOutcome = skillOutcomeOf('internal_error');
    try {
      const result = await work();
      const ended = options.outcomeOf?.(result) ?? { outcome: 'ok' as const };
      attributes = { ...attributes, ...ended.attributes };
      outcome = ended;
      return result;
    } catch (error) {
      outcome = skillOutcomeOf(SkillsetError.isInstance(error) ? error.code : 'internal_error');
      throw error;
    } finally {
      // Without a tracer provider the span records nothing: its attributes are not built.
      if (span.isRecording()) span.setAttributes(toSpanAttributes(attributes, outcome));
      if (outcome.outcome === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      recordSkillMetrics(name, attributes, outcome);
    }
  });
}
