import { deflateSync } from 'fflate';
import { concatBytes } from '../package/concat-bytes.ts';
import { crc32 } from '../package/crc32.ts';
import {
  CENTRAL_HEADER_LENGTH,
  CENTRAL_HEADER_SIGNATURE,
  END_OF_DIRECTORY_LENGTH,
  END_OF_DIRECTORY_SIGNATURE,
  FIXED_DOS_DATE,
  FLAG_UTF8,
  LOCAL_HEADER_LENGTH,
  LOCAL_HEADER_SIGNATURE,
  MADE_BY_UNIX,
  METHOD_DEFLATE,
  METHOD_STORED,
  UNIX_REGULAR_FILE,
} from '../package/zip-constants.ts';

/**
 * One entry of a forged ZIP, field by field; every header value can be overridden so tests can
 * build archives no well-behaved tool would produce.
 */
export interface ForgedZipEntry {
  /** The entry name; a string is written as UTF-8. */
  name: string | Uint8Array;
  /** The entry's data exactly as stored (already deflated when `method` is 8). */
  data: Uint8Array;
  method: number;
  crc: number;
  uncompressedSize: number;
  /** Declared compressed size; defaults to `data.length`. */
  compressedSize?: number;
  /** General purpose flags; defaults to the UTF-8 flag. */
  flags?: number;
  /** "Version made by"; defaults to Unix. */
  versionMadeBy?: number;
  /** External attributes; defaults to a regular Unix file with mode 0644. */
  externalAttributes?: number;
  /** A different name for the local header (defaults to `name`). */
  localName?: string | Uint8Array;
}

const encoder = new TextEncoder();

function nameBytes(name: string | Uint8Array): Uint8Array {
  return typeof name === 'string' ? encoder.encode(name) : name;
}

/** Options for {@link forgeZipEntry}. */
export interface ForgeZipEntryOptions {
  name: string | Uint8Array;
  bytes: Uint8Array;
  /** Deflate the data (the default); it is stored instead when deflating does not make it smaller. */
  compress?: boolean;
}

/** A well-formed regular file entry (checksum, sizes, usually deflated data) to forge from. */
export function forgeZipEntry(options: ForgeZipEntryOptions): ForgedZipEntry {
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

/** Writes entries as a ZIP archive exactly as given, in order, to test ZIP readers with hostile input. */
export function forgeZip(entries: readonly ForgedZipEntry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = nameBytes(entry.name);
    const localName = entry.localName === undefined ? name : nameBytes(entry.localName);
    const flags = entry.flags ?? FLAG_UTF8;
    const compressedSize = entry.compressedSize ?? entry.data.length;
    const local = new Uint8Array(LOCAL_HEADER_LENGTH + localName.length + entry.data.length);
    const localView = new DataView(local.buffer);
    localView.setUint32(0, LOCAL_HEADER_SIGNATURE, true);
    localView.setUint16(4, 20, true);
    localView.setUint16(6, flags, true);
    localView.setUint16(8, entry.method, true);
    localView.setUint16(10, 0, true);
    localView.setUint16(12, FIXED_DOS_DATE, true);
    localView.setUint32(14, entry.crc >>> 0, true);
    localView.setUint32(18, compressedSize >>> 0, true);
    localView.setUint32(22, entry.uncompressedSize >>> 0, true);
    localView.setUint16(26, localName.length, true);
    localView.setUint16(28, 0, true);
    local.set(localName, LOCAL_HEADER_LENGTH);
    local.set(entry.data, LOCAL_HEADER_LENGTH + localName.length);

    const central = new Uint8Array(CENTRAL_HEADER_LENGTH + name.length);
    const centralView = new DataView(central.buffer);
    centralView.setUint32(0, CENTRAL_HEADER_SIGNATURE, true);
    centralView.setUint16(4, entry.versionMadeBy ?? MADE_BY_UNIX, true);
    centralView.setUint16(6, 20, true);
    centralView.setUint16(8, flags, true);
    centralView.setUint16(10, entry.method, true);
    centralView.setUint16(12, 0, true);
    centralView.setUint16(14, FIXED_DOS_DATE, true);
    centralView.setUint32(16, entry.crc >>> 0, true);
    centralView.setUint32(20, compressedSize >>> 0, true);
    centralView.setUint32(24, entry.uncompressedSize >>> 0, true);
    centralView.setUint16(28, name.length, true);
    centralView.setUint32(
      38,
      (entry.externalAttributes ?? (UNIX_REGULAR_FILE | 0o644) * 0x10000) >>> 0,
      true,
    );
    centralView.setUint32(42, offset, true);
    central.set(name, CENTRAL_HEADER_LENGTH);

    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((total, central) => total + central.length, 0);
  const end = new Uint8Array(END_OF_DIRECTORY_LENGTH);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, END_OF_DIRECTORY_SIGNATURE, true);
  endView.setUint16(8, entries.length, true);
  endView.setUint16(10, entries.length, true);
  endView.setUint32(12, directorySize, true);
  endView.setUint32(16, offset, true);
  return concatBytes([...locals, ...centrals, end]);
}
