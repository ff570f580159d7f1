import type { paths } from '../api/schema';

/** What `GET /api/proposals/{name}/{version}` answers: the revision and its review. */
export type ProposalAnswer =
  paths['/api/proposals/{name}/{version}']['get']['responses'][200]['content']['application/json'];

/** What a reviewer reads: the texts, the diff, findings, signature and eval delta. */
export type ProposalReviewData = ProposalAnswer['review'];
