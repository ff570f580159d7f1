import { fileURLToPath } from 'node:url';

/** The folder of the skills shipped with Skillset (`packages/core/skills`), from source or `dist`. */
export const BUILTIN_SKILLS_DIR = fileURLToPath(new URL('../../skills', import.meta.url));
