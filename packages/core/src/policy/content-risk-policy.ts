/** What the policy does with a skill whose content the doctor flags: `allow` it (default) or `block` it everywhere. */
export const CONTENT_RISK_POLICIES = ['allow', 'block'] as const;

/** `allow` (default) or `block`: whether skills with content risks are refused on every surface. */
export type ContentRiskPolicy = (typeof CONTENT_RISK_POLICIES)[number];
