import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSkillSigningManifest, serializeSkillSigningManifest } from '@skillset/core/authoring';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestZip } from '../server/skills-test-support.ts';
import { auditAccessibility, describeViolations } from './audit-accessibility.ts';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

const run = promisify(execFile);
const encoder = new TextEncoder();

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let page: Page;
let folder: string;
let allowedSigner: string;
let fingerprint: string;

function skillFiles(name: string, body = 'Do it.\n') {
  const text = `---\nname: ${name}\ndescription: Signs ${name} things. Use when asked.\n---\n${body}`;
  return [{ path: 'SKILL.md', bytes: encoder.encode(text) }];
}

async function signatureFiles(name: string, files: { path: string; bytes: Uint8Array }[]) {
  const manifestPath = join(await mkdtemp(join(folder, `${name}-`)), 'SKILL.manifest.json');
  const manifest = serializeSkillSigningManifest(await buildSkillSigningManifest(name, files));
  await writeFile(manifestPath, manifest);
  await run('ssh-keygen', [
    '-Y',
    'sign',
    '-n',
    'skillset',
    '-f',
    join(folder, 'key'),
    manifestPath,
  ]);
  return [
    { path: 'SKILL.manifest.json', bytes: encoder.encode(manifest) },
    { path: 'SKILL.sig', bytes: await readFile(`${manifestPath}.sig`) },
  ];
}

async function uploadZip(name: string, files: { path: string; bytes: Uint8Array }[]) {
  const response = await server.app.request('POST', '/api/skills/upload', {
    token: server.app.owner.token,
    body: buildTestZip(
      files.map((file) => ({ name: `${name}/${file.path}`, content: file.bytes })),
    ),
    headers: { 'content-type': 'application/zip' },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function workspaceSettings() {
  const response = await server.app.request(
    'GET',
    `/api/workspaces/${server.app.owner.workspaceId}`,
    { token: server.app.owner.token },
  );
  return ((await response.json()) as { settings: Record<string, unknown> }).settings;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'skillset-web-signatures-'));
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(folder, 'key')]);
  const [type, key] = (await readFile(join(folder, 'key.pub'), 'utf8')).trim().split(' ');
  allowedSigner = `alice@example.com ${type} ${key}`;
  fingerprint =
    (await run('ssh-keygen', ['-l', '-f', join(folder, 'key.pub')])).stdout.split(' ')[1] ?? '';
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  browser = await launchBrowser();
  // The accessibility audit injects axe-core, which the app's CSP would refuse.
  page = await (await browser.newContext({ viewport: DESKTOP, bypassCSP: true })).newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, server);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe('signed skills in the web UI', () => {
  it('lets an admin require signed skills and name trusted signers, showing a bad line as the server says', async () => {
    await page.goto(`${server.url}/settings`);
    const form = page.getByRole('form', { name: 'Workspace settings' });
    await form.getByRole('switch', { name: 'Require signed skills' }).check();
    const signers = form.getByRole('textbox', { name: 'Trusted signers' });
    await signers.fill(`${allowedSigner}\nbob@example.com ssh-ed25519 not-base64!`);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('alert').getByText('trustedSigners line 2').waitFor();
    expect(await workspaceSettings()).toMatchObject({ requireSigned: false, trustedSigners: [] });

    await signers.fill(allowedSigner);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Workspace settings saved.').waitFor();
    expect(await workspaceSettings()).toMatchObject({
      requireSigned: true,
      trustedSigners: [allowedSigner],
    });
    await page.reload();
    expect(await form.getByRole('textbox', { name: 'Trusted signers' }).inputValue()).toBe(
      allowedSigner,
    );
    const shots = await takeScreenshots(page, 'signatures-settings');
    expect(shots.scrollsSideways).toBe(false);
    expect(describeViolations(await auditAccessibility(page))).toEqual([]);
  });

  it('shows who signed a skill, an unsigned one, and an edited one with the reason', async () => {
    const files = skillFiles('deploy-notes');
    const signed = await signatureFiles('deploy-notes', files);
    await uploadZip('deploy-notes', [...files, ...signed]);
    await uploadZip('plain-notes', skillFiles('plain-notes'));
    const edited = skillFiles('edited-notes');
    await uploadZip('edited-notes', [
      ...skillFiles('edited-notes', 'Do it!\n'),
      ...(await signatureFiles('edited-notes', edited)),
    ]);

    await page.goto(`${server.url}/skills/deploy-notes`);
    await page.getByText('Signed by alice@example.com').waitFor();
    await page.getByText(fingerprint).waitFor();
    const shots = await takeScreenshots(page, 'signatures-signed-skill', { fullPage: false });
    expect(shots.scrollsSideways).toBe(false);
    expect(describeViolations(await auditAccessibility(page))).toEqual([]);

    await page.goto(`${server.url}/skills/plain-notes`);
    const unsigned = page.getByText('Unsigned', { exact: true });
    await unsigned.waitFor();
    // The scope badge and the signature badge share one row.
    const scope = page.getByRole('main').getByText('workspace', { exact: true }).first();
    const [scopeBox, unsignedBox] = [await scope.boundingBox(), await unsigned.boundingBox()];
    expect(Math.abs((scopeBox?.y ?? 0) - (unsignedBox?.y ?? 100))).toBeLessThan(4);

    await page.goto(`${server.url}/skills/edited-notes`);
    await page.getByText('Signature invalid').waitFor();
    await page
      .getByText(/SKILL\.md/)
      .first()
      .waitFor();
    const invalid = await takeScreenshots(page, 'signatures-invalid-skill', { fullPage: false });
    expect(invalid.scrollsSideways).toBe(false);
    expect(describeViolations(await auditAccessibility(page))).toEqual([]);
  });

  it('lets an admin revoke a key, after which its signatures show as invalid with the reason', async () => {
    const publicKey = allowedSigner.split(' ').slice(1).join(' ');
    await page.goto(`${server.url}/settings`);
    const form = page.getByRole('form', { name: 'Workspace settings' });
    await form.getByRole('textbox', { name: 'Revoked keys' }).fill(publicKey);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Workspace settings saved.').waitFor();
    expect(await workspaceSettings()).toMatchObject({ revokedSigners: [publicKey] });
    await page.reload();
    expect(await form.getByRole('textbox', { name: 'Revoked keys' }).inputValue()).toBe(publicKey);
    const shots = await takeScreenshots(page, 'signatures-revoked-settings');
    expect(shots.scrollsSideways).toBe(false);
    expect(describeViolations(await auditAccessibility(page))).toEqual([]);

    await page.goto(`${server.url}/skills/deploy-notes`);
    await page.getByText('Signature invalid').waitFor();
    await page.getByText(`The key ${fingerprint} that signed it is revoked`).waitFor();

    await page.goto(`${server.url}/settings`);
    await form.getByRole('textbox', { name: 'Revoked keys' }).fill('');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(workspaceSettings, { timeout: 10_000 }).toMatchObject({ revokedSigners: [] });
  });

  it('lets an admin require signed skills for one agent', async () => {
    const created = await server.app.request('POST', '/api/agents', {
      token: server.app.owner.token,
      json: { name: 'careful-bot' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`${server.url}/agents/careful-bot`);
    const settings = page.getByRole('form', { name: 'Settings' });
    await settings.getByRole('switch', { name: 'Require signed skills' }).check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    const saved = async () => {
      const agent = await server.app.request('GET', `/api/agents/${id}`, {
        token: server.app.owner.token,
      });
      return ((await agent.json()) as { settings: { requireSigned?: boolean } }).settings;
    };
    await expect.poll(saved, { timeout: 10_000 }).toMatchObject({ requireSigned: true });
    await page.reload();
    expect(await settings.getByRole('switch', { name: 'Require signed skills' }).isChecked()).toBe(
      true,
    );
    const shots = await takeScreenshots(page, 'signatures-agent');
    expect(shots.scrollsSideways).toBe(false);
  });
});
