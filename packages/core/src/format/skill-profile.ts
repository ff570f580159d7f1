/** Validation profiles: `strict` = the portable Agent Skills spec, `default` = the extended manifest. */
export type SkillProfile = 'strict' | 'default';
