import path from 'node:path';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  decide,
  type SkillRegistry,
  SkillsetError,
} from '@skillset/core';
import { createMcpSkillSource } from '@skillset/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

const handRolledServer = path.join(repoRoot, 'test', 'support', 'hand-rolled-skills-server.ts');

const opened: SkillRegistry[] = [];

function openRegistry(flags: string[] = [], timeoutMs?: number): SkillRegistry {
  const registry = createRegistry({
    sources: [
      createMemorySource({
        scope: 'project',
        id: 'local',
        skills: [
          { text: '---\nname: good\ndescription: The local good skill\n---\nLocal body.\n' },
        ],
      }),
      createMcpSkillSource({
        label: 'hand',
        scope: 'project',
        server: {
          command: process.execPath,
          args: [handRolledServer, ...flags],
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        },
      }),
    ],
  });
  opened.push(registry);
  return registry;
}

async function failure(promise: Promise<unknown>): Promise<SkillsetError<string>> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!SkillsetError.isInstance(error)) throw new Error(`expected a SkillsetError, got ${error}`);
  return error;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((registry) => registry.close()));
});

describe('createMcpSkillSource against a hand-rolled Skills extension server', () => {
  it('lists every page in its own namespace, next to a same-named local skill', async () => {
    const registry = openRegistry();
    const entries = await registry.list({ includeShadowed: true });
    expect(entries.map((entry) => [entry.name, entry.valid, entry.shadows.length])).toEqual([
      ['good', true, 0],
      ['hand:acme/billing/refunds', true, 0],
      ['hand:acme/support/refunds', true, 0],
      ['hand:frontmatter-lie', true, 0],
      ['hand:good', true, 0],
      ['hand:live', false, 0],
      ['hand:tampered', true, 0],
      ['hand:tampered-body', true, 0],
      ['hand:wrong-size', true, 0],
    ]);
    const remote = await registry.get('hand:good');
    expect(remote?.origin).toEqual({ kind: 'mcp', server: 'hand', uri: 'skill://good/SKILL.md' });
    expect(remote?.description).toBe('A skill whose files all match their entry');
    expect((await registry.get('good'))?.origin).toBeUndefined();
    const live = await registry.get('hand:live');
    expect(live?.issues.at(-1)?.message).toContain('"dynamic"');
    expect(await registry.issues()).toEqual([
      expect.objectContaining({
        code: 'mcp_malformed_response',
        severity: 'warning',
        sourceId: 'mcp:hand',
        message: expect.stringContaining('page 5 item 1 was skipped'),
      }),
    ]);
  });

  it('reads bodies and files lazily and verifies them against the entry', async () => {
    const registry = openRegistry();
    expect((await registry.loadSkill('hand:good')).body.trim()).toBe('Read references/guide.md.');
    expect((await registry.loadSkill('good')).body.trim()).toBe('Local body.');
    expect(await registry.listFiles('hand:good')).toEqual([
      { path: 'SKILL.md', size: expect.any(Number) },
      { path: 'references/guide.md', size: 19 },
    ]);
    const guide = await registry.readFile('hand:good', 'references/guide.md');
    expect(new TextDecoder().decode(guide)).toBe('# Guide\n\nAll good.\n');
    const unlisted = await failure(registry.readFile('hand:good', 'references/other.md'));
    expect(unlisted.code).toBe('skill_file_not_found');
    expect(unlisted.message).toContain('has no file "references/other.md" in its entry');
  });

  it('refuses a tampered file with the server, skill, file and both digests, then refuses the skill', async () => {
    const registry = openRegistry();
    await registry.loadSkill('hand:tampered');
    const error = await failure(registry.readFile('hand:tampered', 'scripts/run.sh'));
    expect(error.code).toBe('skill_integrity_mismatch');
    expect(error.message).toMatch(
      /^Refused skill "hand:tampered" from MCP server "hand": file scripts\/run\.sh \(skill:\/\/tampered\/scripts\/run\.sh\) does not match its entry: expected sha256:[0-9a-f]{64} \(10 bytes\), got sha256:[0-9a-f]{64} \(15 bytes\)\./,
    );
    expect(error.details).toMatchObject({
      server: 'hand',
      skill: 'hand:tampered',
      file: 'scripts/run.sh',
      expectedSize: 10,
      actualSize: 15,
    });
    expect(error.details.expectedDigest).not.toBe(error.details.actualDigest);
    const refused = await registry.get('hand:tampered');
    expect(refused?.valid).toBe(false);
    expect(refused?.issues.at(-1)).toMatchObject({ code: 'mcp_skill_refused', severity: 'error' });
    expect(await registry.resolve('hand:tampered')).toBeUndefined();
    const again = await failure(registry.loadSkill('hand:tampered'));
    expect(again.code).toBe('skill_integrity_mismatch');
  });

  it('refuses a SKILL.md whose size, bytes or frontmatter differ from the entry', async () => {
    const registry = openRegistry();
    const wrongSize = await failure(registry.loadSkill('hand:wrong-size'));
    expect(wrongSize.code).toBe('skill_integrity_mismatch');
    expect(wrongSize.message).toMatch(
      /expected sha256:[0-9a-f]{64} \(7 bytes\), got sha256:[0-9a-f]{64} \(\d+ bytes\)/,
    );
    const body = await failure(registry.loadSkill('hand:tampered-body'));
    expect(body.message).toContain('file SKILL.md (skill://tampered-body/SKILL.md) does not match');
    const lie = await failure(registry.loadSkill('hand:frontmatter-lie'));
    expect(lie.message).toContain('differs from its entry (field "description")');
  });

  it('applies policy to remote skills by their qualified names', async () => {
    const registry = openRegistry();
    const context = createPolicyContext({
      config: { rules: [{ skill: 'hand:*', action: 'deny' }] },
    });
    const remote = await registry.get('hand:good');
    const local = await registry.get('good');
    if (remote?.manifest === undefined || local?.manifest === undefined) {
      throw new Error('skills missing');
    }
    expect(decide({ ...remote, manifest: remote.manifest }, context, 'catalog').allowed).toBe(
      false,
    );
    expect(decide({ ...local, manifest: local.manifest }, context, 'catalog').allowed).toBe(true);
  });

  it('reports a server without the extension, one that never answers and one that cannot start', async () => {
    const unsupported = openRegistry(['--no-extension']);
    expect((await unsupported.list()).map((entry) => entry.name)).toEqual(['good']);
    expect((await unsupported.issues())[0]).toMatchObject({
      code: 'mcp_skills_unsupported',
      severity: 'error',
      message: expect.stringContaining('does not declare the Skills extension'),
    });

    const hanging = openRegistry(['--hang-list'], 500);
    expect((await hanging.list()).map((entry) => entry.name)).toEqual(['good']);
    expect((await hanging.issues())[0]).toMatchObject({
      code: 'mcp_server_unreachable',
      message: expect.stringMatching(/skills\/list failed: .*timed out/i),
    });

    const missing = createRegistry({
      sources: [
        createMcpSkillSource({
          label: 'gone',
          scope: 'project',
          server: { command: path.join(repoRoot, 'no-such-server') },
        }),
      ],
    });
    opened.push(missing);
    expect(await missing.list()).toEqual([]);
    expect((await missing.issues())[0]).toMatchObject({
      code: 'mcp_server_unreachable',
      message: expect.stringContaining('MCP server "gone" (command '),
    });
  });
});
