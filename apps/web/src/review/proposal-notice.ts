import type { Proposal } from './is-proposal.ts';

/** What a person who just proposed a change is told: it waits, and what agents get meanwhile. */
export function proposalNotice(proposal: Proposal): { title: string; message: string } {
  return {
    title: `Proposed version ${proposal.version} of ${proposal.name}`,
    message:
      proposal.published === 0
        ? 'It waits for a reviewer who is not you; no agent gets this skill until it is published.'
        : `It waits for a reviewer who is not you; agents keep getting version ${proposal.published} until it is published.`,
  };
}
