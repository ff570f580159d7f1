import type { StoredSkill } from '@skillset/store';
import type { Context } from 'hono';
import { linkOrigin } from '../../identity/identity-services.ts';
import type { MailMessage } from '../../identity/mailer.ts';
import type { SkillCaller } from './skill-caller.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';

/** The mail telling a reviewer that a proposal waits for them. */
function proposalMail(options: {
  to: string;
  skill: string;
  version: number;
  author: string;
  url: string;
}): MailMessage {
  return {
    to: options.to,
    subject: `${options.skill} v${options.version} waits for your review`,
    text: [
      `${options.author} proposed version ${options.version} of the skill ${options.skill}.`,
      'No agent sees it until someone other than its author publishes it.',
      '',
      `Review it: ${options.url}`,
      '',
      'You get this mail because you may publish proposals in this workspace.',
    ].join('\n'),
  };
}

/**
 * Mails the workspace's reviewers (but the author) with a proven address that a proposal waits,
 * when the server has mail; a mail that fails is logged, never the write's failure.
 */
export async function mailReviewers(
  dependencies: SkillRouteDependencies,
  caller: SkillCaller,
  context: Context,
  proposal: { skill: Pick<StoredSkill, 'name'>; version: number },
): Promise<void> {
  const mailer = dependencies.identity?.mailer;
  const { principal } = caller;
  if (mailer === undefined || principal.kind !== 'user') return;
  const members = await dependencies.store.members.list(principal.workspaceId);
  const author = members.find((member) => member.user.id === principal.userId)?.user.name;
  const reviewers = members.filter(
    (member) =>
      member.user.id !== principal.userId &&
      member.user.email !== null &&
      member.user.emailVerifiedAt !== null &&
      (member.role === 'owner' || member.role === 'admin' || member.canReview),
  );
  const name = encodeURIComponent(proposal.skill.name);
  const url = `${linkOrigin(context, dependencies.identity)}/proposals/${name}/${proposal.version}`;
  await Promise.all(
    reviewers.map((reviewer) =>
      mailer
        .send(
          proposalMail({
            to: reviewer.user.email as string,
            skill: proposal.skill.name,
            version: proposal.version,
            author: author ?? 'A member',
            url,
          }),
        )
        .catch((error: unknown) =>
          dependencies.logger.warn(
            { err: error, skill: proposal.skill.name },
            'review mail failed',
          ),
        ),
    ),
  );
}
