// `@skillset/core/lean`: the registry, policy and offline search pieces a one-shot command needs,
// without the rest of the core barrel (tools, packages, the tokenizer's 2.4 MB ranks module), so a
// process that imports only these loads far fewer modules (docs/decisions/0092).
export { checkSkillReferences } from '../invoke/check-skill-references.ts';
export { createPolicyGate } from '../policy/create-policy-gate.ts';
export { evaluateEligibility } from '../policy/evaluate-eligibility.ts';
export { createPolicyContext } from '../policy/policy-context.ts';
export { parseTrustedSigners } from '../provenance/parse-trusted-signers.ts';
export { catalogSkillOf } from '../registry/catalog-skill-of.ts';
export { createRegistry } from '../registry/create-registry.ts';
export { analyzeSkill, buildInvertedIndex } from '../search/build-inverted-index.ts';
export { createSkillIndex, DEFAULT_INDEX_SETTINGS } from '../search/create-skill-index.ts';
export { searchSkills } from '../search/search-skills.ts';
export { splitConfidentMatches } from '../search/split-confident-matches.ts';
export { principalKindOf } from '../telemetry/skill-span-attributes.ts';
export { withSkillSpan } from '../telemetry/with-skill-span.ts';
