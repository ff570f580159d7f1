import { type Counter, createNoopMeter, type Meter, metrics } from '@opentelemetry/api';
import {
  type SkillOutcome,
  type SkillSpanAttributes,
  toSpanAttributes,
} from './skill-span-attributes.ts';
import type { SkillSpanName } from './skill-span-name.ts';

interface SkillCounters {
  meter: Meter;
  activations: Counter;
  failures: Counter;
}

let counters: SkillCounters | undefined;

// A meter taken before the SDK registers stays a no-op, so the counters follow the current one;
// undefined while no meter provider is registered.
function currentCounters(): SkillCounters | undefined {
  const meter = metrics.getMeter('skillset');
  if (meter === createNoopMeter()) return undefined;
  if (counters?.meter !== meter) {
    counters = {
      meter,
      activations: meter.createCounter('skillset.activations', {
        description: 'Skill activations, by skill, surface and outcome',
      }),
      failures: meter.createCounter('skillset.failures', {
        description: 'Refused or failed skill operations, by operation, skill, surface and code',
      }),
    };
  }
  return counters;
}

/** Counts an ended operation: every activation in `skillset.activations`, every refusal or error in `skillset.failures`. */
export function recordSkillMetrics(
  name: SkillSpanName,
  attributes: SkillSpanAttributes,
  outcome: SkillOutcome,
): void {
  const current = currentCounters();
  if (current === undefined) return;
  const { activations, failures } = current;
  const { skill, surface, principal } = attributes;
  const counted = toSpanAttributes({ skill, surface, principal }, outcome);
  if (name === 'skillset.activate') activations.add(1, counted);
  if (outcome.outcome !== 'ok') failures.add(1, { ...counted, 'skillset.operation': name });
}
