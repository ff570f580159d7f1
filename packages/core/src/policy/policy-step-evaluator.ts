import type { PolicyContext } from './policy-context.ts';
import type { PolicyReason } from './policy-reason.ts';
import type { PolicySubject } from './policy-subject.ts';
import type { PolicySurface } from './policy-surface.ts';

/** One step of {@link decide}: looks at the skill, the context and the surface, and says why. */
export type PolicyStepEvaluator = (
  subject: PolicySubject,
  context: PolicyContext,
  surface: PolicySurface,
) => PolicyReason;
