import { z } from '@hono/zod-openapi';
import type { StoredSkill } from '@skillset/store';
import type { Context } from 'hono';
import { mailReviewers } from './mail-reviewers.ts';
import type { SkillCaller } from './skill-caller.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import { skillScopeSchema } from './skill-schemas.ts';

/** What a write answers when it was proposed for review instead of published (202). */
export const proposalSchema = z
  .object({
    proposed: z.literal(true),
    name: z.string(),
    scope: skillScopeSchema,
    version: z.number().int().openapi({ description: 'The proposed revision' }),
    hash: z.string().openapi({ description: 'Its content digest, which a reviewer approves' }),
    published: z
      .number()
      .int()
      .openapi({ description: 'The revision served until a reviewer publishes (0: none yet)' }),
    message: z.string(),
  })
  .openapi('Proposal');

/** The 202 response of a write that may be proposed. */
export const proposalResponse = {
  description:
    'Proposed: this workspace requires review, so the change waits for a reviewer who is not its author (GET /api/proposals); agents keep the published revision',
  content: { 'application/json': { schema: proposalSchema } },
};

/**
 * Answers a write that was proposed: 202 with the proposal, and a mail to the workspace's
 * reviewers (sent after the answer; a failed mail is logged).
 */
export function answerProposal(
  context: Context,
  dependencies: SkillRouteDependencies,
  caller: SkillCaller,
  skill: Pick<StoredSkill, 'name' | 'scope' | 'currentVersion'>,
  written: { version: number; hash: string },
) {
  void mailReviewers(dependencies, caller, context, { skill, version: written.version });
  return context.json(presentProposal(skill, written), 202);
}

/** The body of a 202 for a proposed revision of a skill. */
export function presentProposal(
  skill: Pick<StoredSkill, 'name' | 'scope' | 'currentVersion'>,
  written: { version: number; hash: string },
): z.infer<typeof proposalSchema> {
  return {
    proposed: true,
    name: skill.name,
    scope: skill.scope,
    version: written.version,
    hash: written.hash,
    published: skill.currentVersion,
    message: `Proposed version ${written.version} of ${JSON.stringify(skill.name)}; it is served nowhere until a reviewer who is not you publishes it (see GET /api/proposals).`,
  };
}
