import { deflateSync } from 'fflate';
import { crc32 } from './crc32.ts';
import type { ZipEntryRecord } from './encode-zip.ts';
import { METHOD_DEFLATE, METHOD_STORED } from './zip-constants.ts';

/** Options for {@link createZipEntry}. */
export interface CreateZipEntryOptions {
  name: string | Uint8Array;
  bytes: Uint8Array;
  /** Deflate the data (the default); it is stored instead when deflating does not make it smaller. */
  compress?: boolean;
}

/** Builds the record of a regular file entry: checksum, sizes and (usually) deflated data. */
export function createZipEntry(options: CreateZipEntryOptions): ZipEntryRecord {
  const { name, bytes } = options;
  const deflated = options.compress === false ? undefined : deflateSync(bytes, { level: 9 });
  const useDeflate = deflated !== undefined && deflated.length < bytes.length;
  return {
    name,
    data: useDeflate ? deflated : bytes,
    method: useDeflate ? METHOD_DEFLATE : METHOD_STORED,
    crc: crc32(bytes),
    uncompressedSize: bytes.length,
  };
}
