import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** A certificate and its key, as PEM files in a folder and as text. */
export interface SelfSignedCertificate {
  certificatePath: string;
  keyPath: string;
  /** The certificate in PEM: a client's `ca` to trust it. */
  certificate: string;
}

/** Makes a one-day certificate for `localhost` and 127.0.0.1 in `dir` with the `openssl` CLI. */
export async function createSelfSignedCertificate(dir: string): Promise<SelfSignedCertificate> {
  const certificatePath = path.join(dir, 'certificate.pem');
  const keyPath = path.join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    keyPath,
    '-out',
    certificatePath,
  ]);
  return { certificatePath, keyPath, certificate: await readFile(certificatePath, 'utf8') };
}
