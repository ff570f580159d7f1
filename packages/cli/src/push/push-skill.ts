import { z } from 'zod';
import type { ServerApi } from '../server-api/create-server-api.ts';
import { parseServerAnswer } from '../server-api/parse-server-answer.ts';
import { ServerApiError } from '../server-api/server-api-error.ts';
import type { WaitingProposal } from './create-waiting-proposal-reader.ts';

/** What pushing one skill did. */
export type PushOutcome =
  | {
      status: 'published';
      name: string;
      version: number;
      hash: string;
      /** The revision served before (0: a new skill). */
      from: number;
    }
  | {
      status: 'proposed';
      name: string;
      version: number;
      hash: string;
      /** The revision still served (0: none yet). */
      published: number;
      /** The same content was already waiting for review: nothing was sent. */
      already: boolean;
    }
  | { status: 'unchanged'; name: string; version: number; hash: string }
  | { status: 'failed'; name: string; error: { code: string; message: string } };

/** Options for {@link pushSkill}. */
export interface PushSkillOptions {
  api: ServerApi;
  name: string;
  zip: Uint8Array;
  /** The content digest of `zip`, as the server would compute it. */
  digest: string;
  /** The change note of a new version. */
  note?: string | undefined;
  /** The workspace's proposals, read once per run when a new skill needs them. */
  proposals: () => Promise<readonly WaitingProposal[]>;
}

const detailSchema = z.object({
  name: z.string(),
  version: z.int(),
  hash: z.string(),
  pendingProposals: z.array(z.object({ version: z.int(), hash: z.string() })).default([]),
});

const proposalSchema = z.object({
  proposed: z.literal(true),
  name: z.string(),
  version: z.int(),
  hash: z.string(),
  published: z.int(),
});

const writtenSchema = z.object({ name: z.string(), version: z.int(), hash: z.string() });

function written(status: number, body: unknown, from: number, what: string): PushOutcome {
  if (status === 202) {
    const proposal = parseServerAnswer(proposalSchema, body, what);
    return { status: 'proposed', ...proposal, already: false };
  }
  return { status: 'published', ...parseServerAnswer(writtenSchema, body, what), from };
}

const zipUpload = (zip: Uint8Array) => ({
  method: 'POST' as const,
  body: zip,
  contentType: 'application/zip',
});

/**
 * Pushes one skill to the workspace: a new skill when the server has none of its name, nothing
 * when the published revision (or a waiting proposal) has the same content, else a new version
 * against the published one (`If-Match`) — published at once, or proposed where review is required.
 */
export async function pushSkill(options: PushSkillOptions): Promise<PushOutcome> {
  const { api, name, digest } = options;
  const path = `/api/skills/${encodeURIComponent(name)}`;
  try {
    const found = await api.request(`${path}?scope=workspace`, { accept: [404] });
    if (found.status === 404) {
      const waiting = (await options.proposals()).find(
        (each) => each.name.toLowerCase() === name.toLowerCase() && each.hash === digest,
      );
      if (waiting !== undefined) {
        return {
          status: 'proposed',
          name,
          version: waiting.version,
          hash: digest,
          published: 0,
          already: true,
        };
      }
      const created = await api.request(
        '/api/skills/upload?scope=workspace',
        zipUpload(options.zip),
      );
      return written(created.status, created.body, 0, `uploading ${name}`);
    }
    const detail = parseServerAnswer(detailSchema, found.body, `GET ${path}`);
    if (detail.hash === digest) {
      return { status: 'unchanged', name: detail.name, version: detail.version, hash: digest };
    }
    const pending = detail.pendingProposals.find((each) => each.hash === digest);
    if (pending !== undefined) {
      return {
        status: 'proposed',
        name: detail.name,
        version: pending.version,
        hash: digest,
        published: detail.version,
        already: true,
      };
    }
    const note = options.note === undefined ? '' : `&note=${encodeURIComponent(options.note)}`;
    const uploaded = await api.request(`${path}/upload?scope=workspace${note}`, {
      ...zipUpload(options.zip),
      ifMatch: detail.version,
    });
    return written(uploaded.status, uploaded.body, detail.version, `uploading ${name}`);
  } catch (error) {
    if (!(error instanceof ServerApiError)) throw error;
    return { status: 'failed', name, error: { code: error.code, message: error.message } };
  }
}
