import { validateSkillPath } from '@skillset/core/node';
import { forEachSpecCase } from './spec-cases.ts';

forEachSpecCase(
  (target, cwd) => validateSkillPath(target, { profile: 'strict', cwd }),
  'core validateSkillPath (strict)',
);
