import { createHash } from 'node:crypto';

/** What a file is, in the form skill entries give it: its digest and size. */
export interface SkillFileFacts {
  digest: string;
  size: number;
}

/** The `sha256:<hex>` digest and byte size of `bytes`, as skill entries list them. */
export function describeSkillFile(bytes: Uint8Array): SkillFileFacts {
  return {
    digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
    size: bytes.byteLength,
  };
}
