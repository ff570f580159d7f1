import { SpanStatusCode, trace } from '@opentelemetry/api';
import { recordSkillMetrics } from './record-skill-metrics.ts';
import {
  type SkillOutcome,
  type SkillSpanAttributes,
  toSpanAttributes,
} from './skill-span-attributes.ts';
import type { SkillSpanName } from './skill-span-name.ts';

/** Records an operation that ended before any work (a refused or unknown `/name`) as a span and counts it. */
export function recordSkillSpan(
  name: SkillSpanName,
  attributes: SkillSpanAttributes,
  outcome: SkillOutcome,
): void {
  const span = trace.getTracer('skillset').startSpan(name);
  if (span.isRecording()) span.setAttributes(toSpanAttributes(attributes, outcome));
  if (outcome.outcome === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
  recordSkillMetrics(name, attributes, outcome);
}
