import type { Schemas } from '../api/client.ts';

/** A write that waits for a reviewer: the server answered 202 instead of publishing it. */
export type Proposal = Schemas['Proposal'];

/** Whether a write's answer is a proposal rather than the saved skill. */
export function isProposal(value: unknown): value is Proposal {
  return (
    typeof value === 'object' && value !== null && 'proposed' in value && value.proposed === true
  );
}
