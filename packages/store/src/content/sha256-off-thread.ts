import { webcrypto } from 'node:crypto';

/** The lowercase hex sha256 of bytes, computed on libuv's thread pool (WebCrypto), not the event loop. */
export async function sha256OffThread(content: Uint8Array): Promise<string> {
  const digest = await webcrypto.subtle.digest('SHA-256', content as Uint8Array<ArrayBuffer>);
  return Buffer.from(digest).toString('hex');
}
