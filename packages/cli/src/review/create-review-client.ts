import type { z } from 'zod';
import type { ServerApi } from '../server-api/create-server-api.ts';
import { parseServerAnswer } from '../server-api/parse-server-answer.ts';
import {
  type ProposalList,
  type ProposalReview,
  proposalListSchema,
  proposalReviewSchema,
  publishedSchema,
  type Revision,
  revisionSchema,
  versionListSchema,
} from './review-schemas.ts';

/** Options of a publish: the digest reviewed, the published revision seen, a note. */
export interface PublishRequest {
  hash: string;
  /** The revision served when the reviewer looked (`If-Match`). */
  expected: number;
  note?: string | undefined;
  /** Publish although the trigger-eval recall drops, where the workspace blocks that. */
  overrideRecallDrop?: boolean;
}

/** The review routes of a server, typed. */
export interface ReviewClient {
  readonly server: string;
  proposals(state: 'proposed' | 'rejected'): Promise<ProposalList>;
  review(name: string, version: number): Promise<ProposalReview>;
  versions(name: string): Promise<z.infer<typeof versionListSchema>>;
  publish(
    name: string,
    version: number,
    request: PublishRequest,
  ): Promise<z.infer<typeof publishedSchema>>;
  reject(name: string, version: number, request: { hash: string; note: string }): Promise<Revision>;
}

/** Creates the review client over an API client. */
export function createReviewClient(api: ServerApi): ReviewClient {
  const skillPath = (name: string) => `/api/skills/${encodeURIComponent(name)}`;
  return {
    server: api.server,
    async proposals(state) {
      const path = `/api/proposals?state=${state}`;
      return parseServerAnswer(proposalListSchema, (await api.request(path)).body, `GET ${path}`);
    },
    async review(name, version) {
      const path = `/api/proposals/${encodeURIComponent(name)}/${version}`;
      return parseServerAnswer(proposalReviewSchema, (await api.request(path)).body, `GET ${path}`);
    },
    async versions(name) {
      const path = `${skillPath(name)}/versions?scope=workspace`;
      return parseServerAnswer(versionListSchema, (await api.request(path)).body, `GET ${path}`);
    },
    async publish(name, version, request) {
      const path = `${skillPath(name)}/versions/${version}/publish`;
      const answer = await api.request(path, {
        method: 'POST',
        json: {
          hash: request.hash,
          ...(request.note === undefined ? {} : { note: request.note }),
          ...(request.overrideRecallDrop === true ? { overrideRecallDrop: true } : {}),
        },
        ifMatch: request.expected,
      });
      return parseServerAnswer(publishedSchema, answer.body, `POST ${path}`);
    },
    async reject(name, version, request) {
      const path = `${skillPath(name)}/versions/${version}/reject`;
      const answer = await api.request(path, { method: 'POST', json: request });
      return parseServerAnswer(revisionSchema, answer.body, `POST ${path}`);
    },
  };
}
