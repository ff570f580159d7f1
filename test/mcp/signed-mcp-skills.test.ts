import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createPolicyContext,
  createPolicyGate,
  createRegistry,
  parseTrustedSigners,
  type SkillRegistry,
} from '@skillset/core';
import type { DoctorReport } from '@skillset/core/authoring';
import { createFolderSource } from '@skillset/core/node';
import { createTempDir, type TempDir, writeSkillTree } from '@skillset/core/test';
import { createMcpSkillSource } from '@skillset/mcp';
import { describeSkillEntry, SKILL_SIGNATURE_META_KEY } from '@skillset/mcp/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCliProject } from '../cli/create-cli-project.ts';
import { runSkillset } from '../support/run-skillset.ts';
import {
  createTestSigningKey,
  signSkillWithSshKeygen,
  type TestSigningKey,
} from '../support/sign-skill-with-ssh-keygen.ts';
import { skillsetBin } from '../support/skillset-bin.ts';
import { createV2SkillsServer, type V2ServedSkill } from '../support/v2-skills-server.ts';

let dir: TempDir;
let key: TestSigningKey;
let served: string;

const notesText =
  '---\nname: signed-notes\ndescription: Keeps meeting notes.\n---\n\nSee notes.md.\n';

beforeAll(async () => {
  dir = await createTempDir();
  key = await createTestSigningKey(dir.path, 'alice@example.com');
  served = path.join(dir.path, 'served');
  await writeSkillTree(served, [
    { path: 'signed-notes', text: notesText, files: { 'notes.md': '# Notes\n' } },
    { name: 'plain-notes', description: 'Keeps plain notes.' },
  ]);
  await signSkillWithSshKeygen(path.join(served, 'signed-notes'), 'signed-notes', key);
}, 60_000);

afterAll(async () => {
  await dir?.[Symbol.asyncDispose]();
});

const opened: SkillRegistry[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((registry) => registry.close()));
});

describe('signed skills over MCP', () => {
  it('serves a signed skill with its signed manifest and signature in _meta', async () => {
    const registry = createRegistry({
      sources: [createFolderSource({ root: served, scope: 'project', cacheDir: false })],
    });
    opened.push(registry);
    const signed = await registry.get('signed-notes');
    const plain = await registry.get('plain-notes');
    if (signed === undefined || plain === undefined) throw new Error('skills not found');
    const entry = await describeSkillEntry({ registry, entry: signed });
    if (!entry.ok) throw new Error(entry.reason);
    const folder = path.join(served, 'signed-notes');
    expect(entry.skill._meta?.[SKILL_SIGNATURE_META_KEY]).toEqual({
      manifest: await readFile(path.join(folder, 'SKILL.manifest.json'), 'utf8'),
      signature: await readFile(path.join(folder, 'SKILL.sig'), 'utf8'),
    });
    const unsigned = await describeSkillEntry({ registry, entry: plain });
    if (!unsigned.ok) throw new Error(unsigned.reason);
    expect(unsigned.skill._meta).toBeUndefined();
  });

  it('a requireSigned client takes a signed skill from a Skillset MCP server, and leaves it out once a byte changes there', async () => {
    const copy = path.join(dir.path, 'served-copy');
    await writeSkillTree(copy, [
      { path: 'signed-notes', text: notesText, files: { 'notes.md': '# Notes\n' } },
      { name: 'plain-notes', description: 'Keeps plain notes.' },
    ]);
    await signSkillWithSshKeygen(path.join(copy, 'signed-notes'), 'signed-notes', key);
    const teamHome = path.join(dir.path, 'team-home');
    await mkdir(teamHome, { recursive: true });
    await using consumer = await createCliProject({
      cacheDir: path.join(dir.path, 'cache'),
      policy: {
        requireSigned: true,
        trustedSigners: [key.allowedSigner],
        mcpServers: {
          team: {
            command: skillsetBin,
            args: ['mcp', '--dir', copy],
            cwd: teamHome,
            env: { HOME: teamHome, XDG_CONFIG_HOME: path.join(teamHome, 'config') },
          },
        },
      },
    });
    const run = (args: string[]) => runSkillset(args, { cwd: consumer.project, env: consumer.env });
    const teamNames = async () =>
      (JSON.parse((await run(['list', '--json'])).stdout) as { skills: { name: string }[] }).skills
        .map((skill) => skill.name)
        .filter((name) => name.startsWith('team:'));

    expect(await teamNames()).toEqual(['team:signed-notes']);
    expect((await run(['invoke', '/team:signed-notes'])).exitCode).toBe(0);

    await writeFile(path.join(copy, 'signed-notes/notes.md'), '# Notez\n');
    expect(await teamNames()).toEqual([]);
    const report = JSON.parse(
      (await run(['doctor', '--json', '--severity', 'info'])).stdout,
    ) as DoctorReport;
    const findings = report.skills.find((skill) => skill.name === 'team:signed-notes')?.findings;
    expect(findings?.find((finding) => finding.code === 'signature_invalid')?.message).toContain(
      'notes.md changed',
    );
  }, 60_000);

  it('verifies a signature that travels only in _meta, and leaves the skill out when a file changed', async () => {
    const folder = path.join(served, 'signed-notes');
    const meta = {
      [SKILL_SIGNATURE_META_KEY]: {
        manifest: await readFile(path.join(folder, 'SKILL.manifest.json'), 'utf8'),
        signature: await readFile(path.join(folder, 'SKILL.sig'), 'utf8'),
      },
    };
    const skill = (notes: string): V2ServedSkill => ({
      path: 'signed-notes',
      files: { 'SKILL.md': notesText, 'notes.md': notes },
      meta,
    });
    const server = createV2SkillsServer([skill('# Notes\n')]);
    const registry = createRegistry({
      sources: [
        createMcpSkillSource({
          label: 'up',
          scope: 'workspace',
          server: { url: server.url },
          fetch: server.fetch,
          env: {},
        }),
      ],
    });
    opened.push(registry);
    const { trust, issues } = parseTrustedSigners({ trustedSigners: [key.allowedSigner] });
    expect(issues).toEqual([]);
    const policy = createPolicyContext({ requireSigned: true });
    const gate = () => createPolicyGate({ registry, policy, trust });
    expect((await gate().list('catalog')).map((entry) => entry.name)).toEqual(['up:signed-notes']);

    server.serve([skill('# Notez\n')]);
    await registry.refresh();
    expect(await gate().list('catalog')).toEqual([]);
    const entry = await registry.get('up:signed-notes');
    if (entry === undefined) throw new Error('up:signed-notes is not listed');
    const decision = await gate().decide(entry, 'catalog');
    expect(decision.allowed).toBe(false);
    expect(JSON.stringify(decision)).toContain('notes.md changed');
  });
});
