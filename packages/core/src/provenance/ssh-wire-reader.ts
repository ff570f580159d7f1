/** Reads the SSH wire encoding (RFC 4251 §5): big-endian uint32s and length-prefixed strings. */
export class SshWireReader {
  private readonly bytes: Uint8Array;
  private offset = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** True when every byte has been read. */
  get done(): boolean {
    return this.offset === this.bytes.byteLength;
  }

  /** The next `length` raw bytes; throws when fewer are left. */
  readBytes(length: number): Uint8Array {
    if (length < 0 || this.offset + length > this.bytes.byteLength) {
      throw new RangeError('the data ends early');
    }
    const bytes = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return bytes;
  }

  /** The next big-endian uint32. */
  readUint32(): number {
    const [a, b, c, d] = this.readBytes(4) as unknown as [number, number, number, number];
    return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  }

  /** The next length-prefixed string, as bytes. */
  readString(): Uint8Array {
    return this.readBytes(this.readUint32());
  }

  /** The next length-prefixed string, as UTF-8 text. */
  readText(): string {
    return new TextDecoder('utf-8', { fatal: true }).decode(this.readString());
  }
}

/** Encodes one SSH wire string: its uint32 length, then its bytes. */
export function encodeSshString(value: Uint8Array | string): Uint8Array {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  const out = new Uint8Array(4 + bytes.byteLength);
  new DataView(out.buffer).setUint32(0, bytes.byteLength);
  out.set(bytes, 4);
  return out;
}

/** The bytes of `parts` one after another. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
