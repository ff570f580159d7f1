import { validateSkillPath } from '../../packages/core/src/node/validate-skill-path.ts';
import { forEachSpecCase } from './spec-cases.ts';

forEachSpecCase(
  (target, cwd) => validateSkillPath(target, { profile: 'strict', cwd }),
  'core validateSkillPath (strict)',
);
