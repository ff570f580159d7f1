/** The metadata key of a signed skill's entry: `{ manifest, signature }`, the texts of `SKILL.manifest.json` and `SKILL.sig`. */
export const SKILL_SIGNATURE_META_KEY = 'dev.skillset/signature';
