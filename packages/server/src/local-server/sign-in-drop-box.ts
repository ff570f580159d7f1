import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSecret, hashSecret, SIGN_IN_CODE_TTL_MS } from '@skillset/store';

/**
 * The folder, inside a PGlite data folder, where `skillset sign-in-link` leaves hashed sign-in
 * codes for the server that holds the database open (a second process must not open PGlite).
 */
export const SIGN_IN_DROP_DIR = 'sign-in-codes';

/** Whom a dropped code signs in: the instance owner by default, or the account of an address. */
export interface DropSignInCodeOptions {
  ttlMs?: number;
  email?: string;
}

/** A dropped code taken out of the folder: its hash, expiry, and the address it is for, if any. */
export interface DroppedSignInCode {
  hash: string;
  expiresAt: Date;
  email?: string;
}

/** A sign-in code left for a running server: the plaintext is shown once, only its hash is written. */
export async function dropSignInCode(
  dataDir: string,
  options: DropSignInCodeOptions = {},
): Promise<{ code: string; expiresAt: Date }> {
  const code = generateSecret();
  const expiresAt = new Date(Date.now() + (options.ttlMs ?? SIGN_IN_CODE_TTL_MS));
  const folder = join(dataDir, SIGN_IN_DROP_DIR);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(
    join(folder, `${hashSecret(code)}.json`),
    `${JSON.stringify({ expiresAt: expiresAt.toISOString(), email: options.email })}\n`,
    { mode: 0o600, flag: 'wx' },
  );
  return { code, expiresAt };
}

/** Takes a dropped code out of the folder (once); undefined when there is none. */
export async function claimDroppedSignInCode(
  dataDir: string,
  code: string,
): Promise<DroppedSignInCode | undefined> {
  const hash = hashSecret(code);
  const file = join(dataDir, SIGN_IN_DROP_DIR, `${hash}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
    await rm(file);
  } catch {
    return undefined;
  }
  const dropped = JSON.parse(text) as { expiresAt?: string; email?: unknown };
  const expiresAt = new Date(dropped.expiresAt ?? 0);
  if (Number.isNaN(expiresAt.getTime())) return undefined;
  return {
    hash,
    expiresAt,
    ...(typeof dropped.email === 'string' ? { email: dropped.email } : {}),
  };
}
