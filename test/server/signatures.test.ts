import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { buildSkillSigningManifest, serializeSkillSigningManifest } from '@skillset/core/authoring';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestZip, skillText, upload } from './skills-test-support.ts';

const run = promisify(execFile);
const encoder = new TextEncoder();

interface Signature {
  state: 'signed' | 'unsigned' | 'invalid';
  signer?: string;
  fingerprint?: string;
  reason?: string;
  code?: string;
}

interface Detail {
  name: string;
  version: number;
  signature: Signature;
}

interface ErrorBody {
  error: { code: string; message: string };
}

/** An SSH key made with ssh-keygen, as the workspace's allowed_signers line names it. */
interface TestKey {
  path: string;
  allowedSigner: string;
  fingerprint: string;
}

let folder: string;
let alice: TestKey;
let mallory: TestKey;

async function makeKey(name: string, principal: string): Promise<TestKey> {
  const path = join(folder, name);
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', principal, '-f', path]);
  const [type, key] = (await readFile(`${path}.pub`, 'utf8')).trim().split(' ');
  const { stdout } = await run('ssh-keygen', ['-l', '-f', `${path}.pub`]);
  return {
    path,
    allowedSigner: `${principal} ${type} ${key}`,
    fingerprint: stdout.split(' ')[1] ?? '',
  };
}

/** The files of a skill folder: `SKILL.md` and a script. */
function skillFiles(name: string, body = 'Do it.\n') {
  return [
    { path: 'SKILL.md', bytes: encoder.encode(skillText(name, `Signs ${name} things.`, body)) },
    { path: 'scripts/run.sh', bytes: encoder.encode('#!/bin/sh\necho hi\n') },
  ];
}

/** Writes SKILL.manifest.json for the files and signs it with ssh-keygen; returns both signature files. */
async function sign(name: string, files: { path: string; bytes: Uint8Array }[], key: TestKey) {
  const dir = await mkdtemp(join(folder, `${name}-`));
  const manifestPath = join(dir, 'SKILL.manifest.json');
  const manifest = serializeSkillSigningManifest(await buildSkillSigningManifest(name, files));
  await writeFile(manifestPath, manifest);
  await run('ssh-keygen', ['-Y', 'sign', '-n', 'skillset', '-f', key.path, manifestPath]);
  return [
    { path: 'SKILL.manifest.json', bytes: encoder.encode(manifest) },
    { path: 'SKILL.sig', bytes: await readFile(`${manifestPath}.sig`) },
  ];
}

function zipOf(name: string, files: { path: string; bytes: Uint8Array }[]) {
  return buildTestZip(files.map((file) => ({ name: `${name}/${file.path}`, content: file.bytes })));
}

async function signedZip(name: string, key: TestKey) {
  const files = skillFiles(name);
  return zipOf(name, [...files, ...(await sign(name, files, key))]);
}

async function json<Body>(response: Promise<Response>, status = 200): Promise<Body> {
  const answered = await response;
  const text = await answered.text();
  expect(answered.status, text).toBe(status);
  return JSON.parse(text) as Body;
}

function setSettings(server: TestApp, token: string, workspaceId: string, settings: object) {
  return server.request('PATCH', `/api/workspaces/${workspaceId}`, {
    token,
    json: { settings },
  });
}

/** The catalog entries a token sees (through an agent when named). */
async function catalog(server: TestApp, token: string, agent?: string) {
  const query = agent === undefined ? '' : `?agent=${encodeURIComponent(agent)}`;
  const { entries } = await json<{ entries: { name: string }[] }>(
    server.request('GET', `/api/skills/prompt${query}`, { token }),
  );
  return entries.map((entry) => entry.name);
}

function invoke(server: TestApp, token: string, message: string, agent?: string) {
  return json<{ activations: { name: string }[]; unknown: string[] }>(
    server.request('POST', '/api/skills/invoke', {
      token,
      json: { message, ...(agent === undefined ? {} : { agent }) },
    }),
  );
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'skillset-signatures-'));
  alice = await makeKey('alice', 'alice@example.com');
  mallory = await makeKey('mallory', 'mallory@example.com');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('signed skills on the server', () => {
  it('lets through only skills signed by a trusted signer once an admin requires signatures', async () => {
    await using server = await createTestApp();
    const { workspaceId } = server.owner;
    const member = await server.addUser('member');
    const admin = await server.addUser('admin');

    const settings = await json<{
      settings: { requireSigned: boolean; trustedSigners: string[] };
    }>(
      setSettings(server, admin.token, workspaceId, {
        requireSigned: true,
        trustedSigners: [alice.allowedSigner],
      }),
    );
    expect(settings.settings).toMatchObject({
      requireSigned: true,
      trustedSigners: [alice.allowedSigner],
    });

    const signed = await json<Detail>(
      upload(server, await signedZip('deploy-notes', alice), { token: member.token }),
      201,
    );
    expect(signed.signature).toEqual({
      state: 'signed',
      signer: 'alice@example.com',
      fingerprint: alice.fingerprint,
    });
    const unsigned = await json<Detail>(
      upload(server, zipOf('plain-notes', skillFiles('plain-notes')), { token: member.token }),
      201,
    );
    expect(unsigned.signature.state).toBe('unsigned');
    expect(unsigned.signature.reason).toContain('SKILL.sig');

    // The detail API says the same to anyone who reads the skill.
    const detail = await json<Detail>(
      server.request('GET', '/api/skills/deploy-notes', { token: member.token }),
    );
    expect(detail.signature.state).toBe('signed');

    expect(await catalog(server, member.token)).toContain('deploy-notes');
    expect(await catalog(server, member.token)).not.toContain('plain-notes');
    const used = await invoke(server, member.token, '/deploy-notes go');
    expect(used.activations.map((activation) => activation.name)).toEqual(['deploy-notes']);
    const refused = await invoke(server, member.token, '/plain-notes go');
    expect(refused.activations).toEqual([]);
    expect(refused.unknown).toEqual(['/plain-notes']);

    // The MCP endpoint lists and serves the signed skill only.
    const transport = new StreamableHTTPClientTransport(new URL('http://skillset.test/mcp'), {
      fetch: async (url, init) => server.app.request(String(url), init as RequestInit),
      requestInit: { headers: { Authorization: `Bearer ${member.token}` } },
    });
    const client = new Client({ name: 'signatures-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toContain('deploy-notes');
      expect(prompts.map((prompt) => prompt.name)).not.toContain('plain-notes');
      const call = await client.callTool({
        name: 'use_skill',
        arguments: { skill: 'plain-notes' },
      });
      expect(call.isError).toBe(true);
      expect(JSON.stringify(call.content)).toContain('Unknown skill');
    } finally {
      await client.close();
    }

    // The doctor names the skill left out and why.
    const report = await json<{
      skills: { name: string; findings: { code: string; message: string }[] }[];
    }>(server.request('GET', '/api/skills/doctor', { token: member.token }));
    const plain = report.skills.find((skill) => skill.name === 'plain-notes');
    expect(plain?.findings.map((finding) => finding.code)).toContain('skill_unsigned');
    const deploy = report.skills.find((skill) => skill.name === 'deploy-notes');
    expect(deploy?.findings.map((finding) => finding.code)).not.toContain('skill_unsigned');

    // Without the requirement the unsigned skill is back.
    await json(setSettings(server, admin.token, workspaceId, { requireSigned: false }));
    expect(await catalog(server, member.token)).toContain('plain-notes');
  });

  it('drops a signed skill whose new version changed one byte, naming the file in the trace', async () => {
    await using server = await createTestApp();
    const { workspaceId, token } = server.owner;
    await json(
      setSettings(server, token, workspaceId, {
        requireSigned: true,
        trustedSigners: [alice.allowedSigner],
      }),
    );
    const files = skillFiles('deploy-notes');
    const signatureFiles = await sign('deploy-notes', files, alice);
    await json<Detail>(upload(server, zipOf('deploy-notes', [...files, ...signatureFiles])), 201);
    expect(await catalog(server, token)).toContain('deploy-notes');

    // One byte of SKILL.md changes; the signature files are kept as they were.
    const edited = skillFiles('deploy-notes', 'Do it!\n');
    const next = await json<Detail>(
      server.request('POST', '/api/skills/deploy-notes/upload', {
        token,
        body: zipOf('deploy-notes', [...edited, ...signatureFiles]),
        headers: { 'content-type': 'application/zip', 'if-match': '"1"' },
      }),
    );
    expect(next.version).toBe(2);
    expect(next.signature).toMatchObject({ state: 'invalid', code: 'file_changed' });
    expect(next.signature.reason).toContain('SKILL.md');

    expect(await catalog(server, token)).not.toContain('deploy-notes');
    expect((await invoke(server, token, '/deploy-notes go')).unknown).toEqual(['/deploy-notes']);
    const { trace } = await json<{
      trace: { skill: string; listed: boolean; reason: string; steps?: { code: string }[] }[];
    }>(server.request('GET', '/api/chat/prompt', { token }));
    const entry = trace.find((each) => each.skill === 'deploy-notes');
    expect(entry?.listed).toBe(false);
    expect(entry?.reason).toContain('SKILL.md');
    expect(entry?.steps?.map((step) => step.code)).toContain('signature_file_changed');
  });

  it("previews an upload's signature against the workspace's signers, saving nothing", async () => {
    await using server = await createTestApp();
    const { workspaceId, token } = server.owner;
    await json(setSettings(server, token, workspaceId, { trustedSigners: [alice.allowedSigner] }));
    const preview = (body: Uint8Array, path = '/api/skills/upload') =>
      json<{ valid: boolean; signature?: Signature }>(
        server.request('POST', `${path}?dry_run=true`, {
          token,
          body,
          headers: { 'content-type': 'application/zip' },
        }),
      );
    expect((await preview(await signedZip('deploy-notes', alice))).signature).toEqual({
      state: 'signed',
      signer: 'alice@example.com',
      fingerprint: alice.fingerprint,
    });
    expect((await preview(await signedZip('deploy-notes', mallory))).signature).toMatchObject({
      state: 'invalid',
      code: 'unknown_signer',
    });
    expect(
      (await preview(zipOf('plain-notes', skillFiles('plain-notes')))).signature,
    ).toMatchObject({ state: 'unsigned' });
    expect(await catalog(server, token)).not.toContain('deploy-notes');
    // A member of another workspace, which trusts no one, previews the same signed upload.
    const other = await server.addWorkspace('Other');
    const elsewhere = await json<{ signature?: Signature }>(
      server.request('POST', '/api/skills/upload?dry_run=true', {
        token: other.token,
        body: await signedZip('deploy-notes', alice),
        headers: { 'content-type': 'application/zip' },
      }),
    );
    expect(elsewhere.signature).toMatchObject({ state: 'invalid', code: 'unknown_signer' });

    // A new version's preview: one byte changed under the old signature files.
    const files = skillFiles('deploy-notes');
    const signatureFiles = await sign('deploy-notes', files, alice);
    await json<Detail>(upload(server, zipOf('deploy-notes', [...files, ...signatureFiles])), 201);
    const edited = zipOf('deploy-notes', [
      ...skillFiles('deploy-notes', 'Do it!\n'),
      ...signatureFiles,
    ]);
    const next = await preview(edited, '/api/skills/deploy-notes/upload');
    expect(next.signature).toMatchObject({ state: 'invalid', code: 'file_changed' });
    const stored = await json<Detail>(server.request('GET', '/api/skills/deploy-notes', { token }));
    expect(stored).toMatchObject({ version: 1, signature: { state: 'signed' } });
  });

  it('refuses signature settings from members and bad signer lines from admins', async () => {
    await using server = await createTestApp();
    const { workspaceId, token } = server.owner;
    const member = await server.addUser('member');
    for (const settings of [{ requireSigned: true }, { trustedSigners: [alice.allowedSigner] }]) {
      const refused = await json<ErrorBody>(
        setSettings(server, member.token, workspaceId, settings),
        403,
      );
      expect(refused.error.code).toBe('forbidden');
    }
    const bad = await json<ErrorBody>(
      setSettings(server, token, workspaceId, {
        trustedSigners: [alice.allowedSigner, 'bob@example.com ssh-ed25519 not-base64!'],
      }),
      400,
    );
    expect(bad.error.code).toBe('invalid_request');
    expect(bad.error.message).toContain('trustedSigners line 2');
    const workspace = await json<{ settings: { requireSigned: boolean; trustedSigners: [] } }>(
      server.request('GET', `/api/workspaces/${workspaceId}`, { token }),
    );
    expect(workspace.settings).toMatchObject({ requireSigned: false, trustedSigners: [] });
  });

  it('does not trust a signer that only another workspace trusts, nor an unknown key', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    await json(
      setSettings(server, other.token, other.workspaceId, {
        trustedSigners: [alice.allowedSigner],
      }),
    );
    const { workspaceId, token } = server.owner;
    await json(
      setSettings(server, token, workspaceId, {
        requireSigned: true,
        trustedSigners: [mallory.allowedSigner.replace('mallory@', 'not-mallory@')],
      }),
    );
    const uploaded = await json<Detail>(upload(server, await signedZip('by-alice', alice)), 201);
    expect(uploaded.signature).toMatchObject({ state: 'invalid', code: 'unknown_signer' });
    expect(uploaded.signature.reason).toContain(alice.fingerprint);
    expect(await catalog(server, token)).not.toContain('by-alice');
    // In the workspace that trusts alice the same signature holds.
    const there = await json<Detail>(
      upload(server, await signedZip('by-alice', alice), { token: other.token }),
      201,
    );
    expect(there.signature).toMatchObject({ state: 'signed', signer: 'alice@example.com' });
  });

  it('shows an agent that requires signatures only signed skills in a workspace that does not', async () => {
    await using server = await createTestApp();
    const { workspaceId, token } = server.owner;
    await json(setSettings(server, token, workspaceId, { trustedSigners: [alice.allowedSigner] }));
    await json<Detail>(upload(server, await signedZip('deploy-notes', alice)), 201);
    await json<Detail>(upload(server, zipOf('plain-notes', skillFiles('plain-notes'))), 201);
    const agent = await json<{ id: string; settings: { requireSigned?: boolean } }>(
      server.request('POST', '/api/agents', {
        token,
        json: { name: 'careful', settings: { requireSigned: true } },
      }),
      201,
    );
    expect(agent.settings.requireSigned).toBe(true);

    const member = await server.addUser('member');
    expect(await catalog(server, member.token)).toEqual(
      expect.arrayContaining(['deploy-notes', 'plain-notes']),
    );
    const throughAgent = await catalog(server, member.token, 'careful');
    expect(throughAgent).toContain('deploy-notes');
    expect(throughAgent).not.toContain('plain-notes');
    expect((await invoke(server, member.token, '/plain-notes go', 'careful')).unknown).toEqual([
      '/plain-notes',
    ]);

    // A member may not change the agent's requirement.
    await json(
      server.request('PATCH', `/api/agents/${agent.id}`, {
        token: member.token,
        json: { settings: { requireSigned: false } },
      }),
      403,
    );
  });
});
