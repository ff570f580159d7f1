import { ApiError } from '../api/api-error.ts';
import { api, type Schemas, type SkillScope } from '../api/client.ts';

/** What an upload would save, as the server previews it. */
export type UploadPreview = Schemas['SkillUploadPreview'];
/** One issue the server reported. */
export type UploadIssue = Schemas['SkillIssue'];

/** A refused upload: the server's message and, when given, every issue. */
export class UploadRefusedError extends ApiError {
  readonly issues: UploadIssue[];
  constructor(error: ApiError, issues: UploadIssue[]) {
    super({ status: error.status, code: error.code, message: error.message });
    this.issues = issues;
  }
}

/** Where an upload goes: a new skill in a scope, or the next version of an existing skill. */
export type UploadTarget =
  | { kind: 'new'; scope: 'workspace' | 'personal' }
  | { kind: 'version'; name: string; scope: SkillScope; version: number };

interface Outcome<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

async function answer<Data>(call: Promise<Outcome<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (response.ok) return data as Data;
  const body = (error ?? {}) as {
    error?: { code?: string; message?: string; issues?: UploadIssue[] };
  };
  const apiError = new ApiError({
    status: response.status,
    code: body.error?.code ?? 'http_error',
    message: body.error?.message ?? `The server answered ${response.status}.`,
  });
  throw new UploadRefusedError(apiError, body.error?.issues ?? []);
}

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

const asForm = { bodySerializer: (body: unknown) => body as FormData };

/** Sends a file to the upload route of `target`: a preview (`dryRun`) or the real save. */
export function sendUpload(options: { file: File; target: UploadTarget; dryRun: boolean }) {
  const { file, target, dryRun } = options;
  const flag = dryRun ? ({ dry_run: 'true' } as const) : {};
  if (target.kind === 'new') {
    return answer(
      api.POST('/api/skills/upload', {
        params: { query: { scope: target.scope, ...flag } },
        body: formOf(file) as never,
        ...asForm,
      }),
    );
  }
  return answer(
    api.POST('/api/skills/{name}/upload', {
      params: {
        path: { name: target.name },
        query: { scope: target.scope, ...flag },
        header: dryRun ? {} : { 'if-match': `"${target.version}"` },
      },
      body: formOf(file) as never,
      ...asForm,
    }),
  );
}

/** Whether a server answer is a preview rather than a saved skill. */
export function isPreview(value: unknown): value is UploadPreview {
  return typeof value === 'object' && value !== null && 'valid' in value && 'existing' in value;
}
