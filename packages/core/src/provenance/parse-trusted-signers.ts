import { decodeBase64 } from './base64-bytes.ts';
import type { AllowedSigner, TrustedSigners } from './skill-signature-status.ts';
import { SshWireReader } from './ssh-wire-reader.ts';

/** The lines of `trustedSigners` (git `allowed_signers`) and `revokedSigners` (`keytype base64`). */
export interface ParseTrustedSignersOptions {
  trustedSigners?: readonly string[] | undefined;
  revokedSigners?: readonly string[] | undefined;
}

/** The trust the good lines give, and one sentence per bad line (bad lines are skipped). */
export interface ParseTrustedSignersResult {
  trust: TrustedSigners;
  issues: string[];
}

const KEY_TYPES = new Set([
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-rsa',
  'ssh-dss',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
]);

const LINE_SHAPE =
  '"principals [options] keytype base64-key", e.g. "alice@example.com ssh-ed25519 AAAA…"';

/** A line for messages: quoted, cut to 60 characters. */
function quoteLine(line: string): string {
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}…` : line);
}

/** Splits on whitespace, keeping double-quoted runs (quotes included) in one token. */
function splitTokens(line: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const character of line) {
    if (character === '"') quoted = !quoted;
    if (!quoted && /\s/.test(character)) {
      if (current !== '') tokens.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  if (current !== '') tokens.push(current);
  return tokens;
}

/** Splits `a,b="x,y",c` on the commas outside quotes. */
function splitOptions(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    if (!quoted && character === ',') {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts;
}

/** Reads `YYYYMMDD[HHMM[SS]][Z]` as ssh-keygen does: UTC with `Z`, local time without. */
function parseTimestamp(text: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(Z)?$/.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (utc.getUTCDate() !== day) return undefined;
  return match[7] === 'Z' ? utc : new Date(year, month - 1, day, hour, minute, second);
}

/** Checks `keytype base64` and returns the problem, or undefined when the key is well formed. */
function keyProblem(keyType: string | undefined, key: string | undefined): string | undefined {
  if (keyType === undefined || key === undefined) return 'it has no "keytype base64-key" part';
  if (!KEY_TYPES.has(keyType)) {
    return `"${keyType}" is not an SSH key type (ssh-ed25519, ecdsa-sha2-nistp256, ssh-rsa, …)`;
  }
  const blob = decodeBase64(key);
  if (blob === undefined) return 'its key is not base64';
  try {
    const named = new SshWireReader(blob).readText();
    if (named !== keyType) return `its key is an ${named} key, not ${keyType}`;
  } catch {
    return `its key is not an ${keyType} public key`;
  }
  return undefined;
}

/** Parses one allowed_signers line; a string is the problem with it. */
function parseAllowedSigner(line: string): AllowedSigner | string {
  const tokens = splitTokens(line);
  const principalsToken = (tokens.shift() ?? '').replace(/^"(.*)"$/, '$1');
  const principals = principalsToken.split(',').filter((principal) => principal !== '');
  if (principals.length === 0) return 'it names no principal';
  if (KEY_TYPES.has(principalsToken)) return 'it starts with a key type, not a principal';
  const signer: AllowedSigner = { principals, keyType: '', key: '' };
  const optionsToken = tokens[0] !== undefined && /=|^cert-authority(,|$)/i.test(tokens[0]);
  if (optionsToken) {
    for (const option of splitOptions(tokens.shift() as string)) {
      const [name = '', ...rest] = option.split('=');
      const value = rest.join('=').replace(/^"(.*)"$/, '$1');
      const lower = name.toLowerCase();
      if (lower === 'cert-authority') {
        return 'cert-authority lines (trusting certificates signed by a CA) are not supported; list the signing keys themselves';
      }
      if (lower === 'namespaces' && rest.length > 0) {
        signer.namespaces = value.split(',').filter((namespace) => namespace !== '');
      } else if ((lower === 'valid-after' || lower === 'valid-before') && rest.length > 0) {
        const date = parseTimestamp(value);
        if (date === undefined) {
          return `its ${lower} "${value}" is not a date of the form YYYYMMDD[HHMM[SS]][Z]`;
        }
        if (lower === 'valid-after') signer.validAfter = date;
        else signer.validBefore = date;
      } else {
        return `"${option}" is neither a key type nor an option this reader knows (namespaces="…", valid-after="…", valid-before="…")`;
      }
    }
  }
  const problem = keyProblem(tokens[0], tokens[1]);
  if (problem !== undefined) return problem;
  signer.keyType = tokens[0] as string;
  signer.key = tokens[1] as string;
  return signer;
}

/** True for a line that carries nothing: blank or a `#` comment. */
function isBlank(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/**
 * Parses `trustedSigners` (git `allowed_signers` lines: principals, options `namespaces`,
 * `valid-after`, `valid-before`) and `revokedSigners` (`keytype base64` lines); never throws.
 */
export function parseTrustedSigners(
  options: ParseTrustedSignersOptions,
): ParseTrustedSignersResult {
  const allowedSigners: AllowedSigner[] = [];
  const revokedKeys: string[] = [];
  const issues: string[] = [];
  for (const line of options.trustedSigners ?? []) {
    if (isBlank(line)) continue;
    const signer = parseAllowedSigner(line.trim());
    if (typeof signer === 'string') {
      issues.push(
        `The trustedSigners line ${quoteLine(line.trim())} is invalid: ${signer}; write it as ${LINE_SHAPE}.`,
      );
    } else {
      allowedSigners.push(signer);
    }
  }
  for (const line of options.revokedSigners ?? []) {
    if (isBlank(line)) continue;
    const [keyType, key] = line.trim().split(/\s+/);
    const problem = keyProblem(keyType, key);
    if (problem !== undefined) {
      issues.push(
        `The revokedSigners line ${quoteLine(line.trim())} is invalid: ${problem}; write it as "keytype base64-key", e.g. "ssh-ed25519 AAAA…".`,
      );
    } else {
      revokedKeys.push(`${keyType} ${key}`);
    }
  }
  return { trust: { allowedSigners, revokedKeys }, issues };
}
