import { type SkillIssue, SkillsetError } from '@skillset/core';
import type { SkillPackageContents } from '@skillset/core/authoring';
import type { Context } from 'hono';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { readPackageOffThread } from '../../package-worker/package-pool.ts';
import { SERVER_PACKAGE_LIMITS } from '../../package-worker/server-package-limits.ts';

const ZIP_TYPES = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-zip',
  'application/octet-stream',
]);
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown', 'text/plain']);
const LIMIT_CODES = new Set([
  'package_too_large',
  'entry_too_large',
  'file_too_large',
  'too_many_files',
]);

/** The kind of an uploaded file: a ZIP package or a single `SKILL.md`. */
type UploadKind = 'zip' | 'markdown';

function essenceOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function kindOfFile(file: File, bytes: Uint8Array): UploadKind {
  const name = file.name.toLowerCase();
  if (name.endsWith('.md') || name.endsWith('.markdown')) return 'markdown';
  if (name.endsWith('.zip')) return 'zip';
  const type = essenceOf(file.type);
  if (MARKDOWN_TYPES.has(type)) return 'markdown';
  if (ZIP_TYPES.has(type)) return 'zip';
  return bytes[0] === 0x50 && bytes[1] === 0x4b ? 'zip' : 'markdown';
}

function unsupported(type: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'unsupported_media_type',
    message: `Cannot upload ${type === '' ? 'a body without Content-Type' : JSON.stringify(type)}; send a ZIP (application/zip), a SKILL.md (text/markdown) or multipart/form-data with a "file" field.`,
  });
}

/** The refusal of a package: 413 `package_too_large` when only limits were exceeded, else 400 `invalid_package`. */
export function refusePackage(issues: readonly SkillIssue[]): SkillsetError<ServerErrorCode> {
  const errors = issues.filter((issue) => issue.severity === 'error');
  const tooLarge = errors.length > 0 && errors.every((issue) => LIMIT_CODES.has(issue.code));
  return new SkillsetError<ServerErrorCode>({
    code: tooLarge ? 'package_too_large' : 'invalid_package',
    message: `The upload was refused and nothing was saved: ${errors.map((issue) => issue.message).join(' ')}`,
    details: { issues },
  });
}

/** Reads the uploaded file of a request (raw body or the `file` field of a form), without parsing it. */
async function readUploadedFile(
  context: Context,
): Promise<{ kind: UploadKind; bytes: Uint8Array }> {
  const type = essenceOf(context.req.header('content-type'));
  if (type === 'multipart/form-data') {
    const form = await context.req.parseBody();
    const file = form.file;
    if (!(file instanceof File)) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_request',
        message: 'The form has no "file" field with a file; attach the ZIP or SKILL.md as "file".',
      });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { kind: kindOfFile(file, bytes), bytes };
  }
  const kind: UploadKind | undefined = ZIP_TYPES.has(type)
    ? 'zip'
    : MARKDOWN_TYPES.has(type)
      ? 'markdown'
      : undefined;
  if (kind === undefined) throw unsupported(type);
  return { kind, bytes: new Uint8Array(await context.req.arrayBuffer()) };
}

/**
 * Reads an uploaded skill: a ZIP through `readSkillPackage` (every hostile-input check) or a `.md`
 * through `readSkillMarkdownUpload`; a refusal throws with the precise issues, nothing unpacked.
 */
export async function readUploadedPackage(context: Context): Promise<SkillPackageContents> {
  const { kind, bytes } = await readUploadedFile(context);
  if (bytes.byteLength === 0) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_package',
      message: 'The upload is empty; send a ZIP or a SKILL.md.',
      details: {
        issues: [{ code: 'empty_upload', severity: 'error', message: 'The upload is empty.' }],
      },
    });
  }
  const result = await readPackageOffThread(kind, bytes, SERVER_PACKAGE_LIMITS);
  if (!result.ok) throw refusePackage(result.issues);
  return result;
}
