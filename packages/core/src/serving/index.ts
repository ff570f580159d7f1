// `@skillset/core/serving`: the pieces a skill server (`@skillset/mcp`) needs to answer its first
// requests, without the rest of the core barrel (the tools' schemas, packages, the tokenizer's ranks),
// so `skillset mcp` answers `initialize` sooner (docs/decisions/0093). The tools load from
// `@skillset/core/tools` on the first tool request.
export { SkillsetError } from '../errors/skillset-error.ts';
export { guessMimeType, isTextMimeType } from '../files/guess-mime-type.ts';
export { checkSkillName } from '../format/check-skill-name.ts';
export { MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH } from '../format/read-skill-manifest.ts';
export { activate } from '../invoke/activate.ts';
export { createPolicyGate } from '../policy/create-policy-gate.ts';
export {
  SKILL_SIGNATURE_FILE,
  SKILL_SIGNED_MANIFEST_FILE,
} from '../provenance/skill-signing-manifest.ts';
export { closestNames } from '../registry/closest-names.ts';
export { loadActivatableSkill } from '../registry/load-activatable-skill.ts';
export { recordSkillSpan } from '../telemetry/record-skill-span.ts';
export { skillOutcomeOf } from '../telemetry/skill-outcome-of.ts';
export { principalKindOf } from '../telemetry/skill-span-attributes.ts';
export { withSkillSpan } from '../telemetry/with-skill-span.ts';
export { renderForkRequest } from '../tools/render-fork-request.ts';
export { splitSkillText } from '../tools/split-skill-text.ts';
export { formatToolResult } from '../tools/tool-result.ts';
