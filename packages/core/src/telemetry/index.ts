export { recordSkillMetrics } from './record-skill-metrics.ts';
export { recordSkillSpan } from './record-skill-span.ts';
export { skillOutcomeOf } from './skill-outcome-of.ts';
export {
  type PrincipalKind,
  principalKindOf,
  SKILL_ATTRIBUTE_KEYS,
  type SkillOutcome,
  type SkillSpanAttributes,
  toSpanAttributes,
} from './skill-span-attributes.ts';
export type { SkillSpanName } from './skill-span-name.ts';
export { traceSkillTool } from './trace-skill-tool.ts';
export { type SkillSpanOptions, withSkillSpan } from './with-skill-span.ts';
