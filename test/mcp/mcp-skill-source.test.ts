import path from 'node:path';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  decide,
  type McpServerConfig,
  type SkillRegistry,
  SkillsetError,
} from '@skillset/core';
import { createMcpSkillSource } from '@skillset/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';
import {
  createV2SkillsServer,
  skillText,
  type V2ServedSkill,
  type V2SkillsServer,
} from '../support/v2-skills-server.ts';

const handRolledServer = path.join(repoRoot, 'test', 'support', 'hand-rolled-skills-server.ts');
const DIGEST = /sha256:[0-9a-f]{64}/g;

const opened: SkillRegistry[] = [];

function openRegistry(flags: string[] = [], extra: Partial<McpServerConfig> = {}): SkillRegistry {
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
        server: { command: process.execPath, args: [handRolledServer, ...flags], ...extra },
      }),
    ],
  });
  opened.push(registry);
  return registry;
}

function openV2Registry(
  server: V2SkillsServer,
  approvedAllowedTools?: Record<string, string>,
): SkillRegistry {
  const registry = createRegistry({
    sources: [
      createMcpSkillSource({
        label: 'up',
        scope: 'workspace',
        server: {
          url: server.url,
          ...(approvedAllowedTools === undefined ? {} : { approvedAllowedTools }),
        },
        fetch: server.fetch,
        env: {},
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

describe('createMcpSkillSource against a 2025-only server (hand-rolled, legacy era)', () => {
  it('lists every page in its own namespace, the skill path as the name, beside a same-named local skill', async () => {
    const registry = openRegistry();
    const entries = await registry.list({ includeShadowed: true });
    expect(entries.map((entry) => [entry.name, entry.valid, entry.shadows.length])).toEqual([
      ['good', true, 0],
      ['hand:acme:billing:refunds', true, 0],
      ['hand:acme:support:refunds', true, 0],
      ['hand:frontmatter-lie', true, 0],
      ['hand:good', true, 0],
      ['hand:live', false, 0],
      ['hand:tampered', true, 0],
      ['hand:tampered-body', true, 0],
      ['hand:team:deploy', true, 0],
      ['hand:wrong-size', true, 0],
    ]);
    const remote = await registry.get('hand:good');
    expect(remote?.origin).toEqual({ kind: 'mcp', server: 'hand', uri: 'skill://good/SKILL.md' });
    expect(remote?.description).toBe('A skill whose files all match their entry');
    expect(remote?.manifest?.name).toBe('hand:good');
    expect((await registry.get('good'))?.origin).toBeUndefined();
    const live = await registry.get('hand:live');
    expect(live?.issues.at(-1)?.message).toContain('"dynamic"');
    const issues = await registry.issues();
    expect(issues.map((issue) => [issue.code, issue.severity])).toEqual([
      ['mcp_malformed_response', 'warning'],
      ['mcp_malformed_response', 'warning'],
      ['mcp_allowed_tools_unapproved', 'warning'],
    ]);
    expect(issues[0]?.message).toBe(
      'MCP server "hand": skills/list item 10 (skill://headless/SKILL.md) was skipped: resources must include skill://headless/SKILL.md.',
    );
    expect(issues[1]?.message).toContain('skills/list item 11 was skipped: uri: ');
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
    const unlisted = await failure(registry.readFile('hand:good', 'references/secret.md'));
    expect(unlisted.code).toBe('skill_file_not_found');
    expect(unlisted.message).toBe(
      'Skill "hand:good" from MCP server "hand" has no file "references/secret.md" in its entry, so it is not read; files: SKILL.md, references/guide.md.',
    );
    expect((await registry.get('hand:good'))?.valid).toBe(true);
  });

  it('refuses a file whose digest is wrong with the server, skill, file and both digests, then refuses the skill', async () => {
    const registry = openRegistry();
    await registry.loadSkill('hand:tampered');
    const error = await failure(registry.readFile('hand:tampered', 'scripts/run.sh'));
    expect(error.code).toBe('skill_integrity_mismatch');
    expect(error.message).toMatch(
      /^Refused skill "hand:tampered" from MCP server "hand": file scripts\/run\.sh \(skill:\/\/tampered\/scripts\/run\.sh\) does not match its entry \(sha256:[0-9a-f]{64}, 10 bytes\): skill:\/\/tampered\/scripts\/run\.sh has digest sha256:[0-9a-f]{64}; the skill entry lists sha256:[0-9a-f]{64}\. The content is not used/,
    );
    const [expected, actual, listed] = error.message.match(DIGEST) ?? [];
    expect(actual).not.toBe(expected);
    expect(listed).toBe(expected);
    expect(error.details).toMatchObject({
      server: 'hand',
      skill: 'hand:tampered',
      file: 'scripts/run.sh',
      check: 'digest',
      expectedSize: 10,
    });
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
      /\(sha256:[0-9a-f]{64}, 7 bytes\): skill:\/\/wrong-size\/SKILL\.md is \d+ bytes; the skill entry lists 7\./,
    );
    const body = await failure(registry.loadSkill('hand:tampered-body'));
    expect(body.message).toContain(
      'file SKILL.md (skill://tampered-body/SKILL.md) does not match its entry',
    );
    const lie = await failure(registry.loadSkill('hand:frontmatter-lie'));
    expect(lie.message).toBe(
      'Refused skill "hand:frontmatter-lie" from MCP server "hand": the frontmatter of skill://frontmatter-lie/SKILL.md differs from its entry (description: the entry has "What the entry claims", SKILL.md has "What the file really says"); the content is not used.',
    );
    expect((await registry.get('hand:frontmatter-lie'))?.valid).toBe(false);
  });

  it('ignores allowed-tools until the config approves the manifest digest the warning names', async () => {
    const unapproved = openRegistry();
    expect((await unapproved.get('hand:team:deploy'))?.manifest?.allowedTools).toBeUndefined();
    expect((await unapproved.loadSkill('hand:team:deploy')).manifest?.allowedTools).toBeUndefined();
    const warning = (await unapproved.issues()).find(
      (issue) => issue.code === 'mcp_allowed_tools_unapproved',
    );
    expect(warning?.message).toMatch(
      /^MCP server "hand": skill "hand:team:deploy" has allowed-tools \(Bash\(git:\*\), Read\), ignored until you approve them\. Review the skill, then add to mcpServers\."hand" in your config: "approvedAllowedTools": \{ "team:deploy": "sha256:[0-9a-f]{64}" \}$/,
    );
    const digest = warning?.message.match(DIGEST)?.[0] ?? '';

    const approved = openRegistry([], { approvedAllowedTools: { 'team:deploy': digest } });
    expect((await approved.get('hand:team:deploy'))?.manifest?.allowedTools).toEqual([
      'Bash(git:*)',
      'Read',
    ]);
    expect((await approved.issues()).map((issue) => issue.code)).not.toContain(
      'mcp_allowed_tools_unapproved',
    );

    const other = `sha256:${'0'.repeat(64)}`;
    const stale = openRegistry([], { approvedAllowedTools: { 'team:deploy': other } });
    expect((await stale.get('hand:team:deploy'))?.manifest?.allowedTools).toBeUndefined();
    expect((await stale.issues()).find((issue) => issue.code.startsWith('mcp_allowed'))).toEqual(
      expect.objectContaining({
        code: 'mcp_allowed_tools_approval_stale',
        severity: 'warning',
        message: expect.stringContaining(`(approved ${other}, now ${digest})`),
      }),
    );
  });

  it('applies policy to remote skills by their qualified names', async () => {
    const registry = openRegistry();
    const context = createPolicyContext({
      config: { rules: [{ skill: 'hand:acme:*', action: 'deny' }] },
    });
    const billing = await registry.get('hand:acme:billing:refunds');
    const remote = await registry.get('hand:good');
    if (billing?.manifest === undefined || remote?.manifest === undefined) {
      throw new Error('skills missing');
    }
    expect(decide({ ...billing, manifest: billing.manifest }, context, 'catalog').allowed).toBe(
      false,
    );
    expect(decide({ ...remote, manifest: remote.manifest }, context, 'catalog').allowed).toBe(true);
  });

  it('reports a server without the extension, one that never answers and one that cannot start', async () => {
    const unsupported = openRegistry(['--no-extension']);
    expect((await unsupported.list()).map((entry) => entry.name)).toEqual(['good']);
    expect((await unsupported.issues())[0]).toMatchObject({
      code: 'mcp_skills_unsupported',
      severity: 'error',
      message: expect.stringContaining('does not declare the Skills extension'),
    });

    const hanging = openRegistry(['--hang-list'], { timeoutMs: 500 });
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

const deployText = (body: string) =>
  skillText(
    {
      name: 'deploy',
      description: 'Deploys the team way',
      'allowed-tools': 'Bash(git:*) Read',
    },
    body,
  );

const V2_SKILLS: V2ServedSkill[] = [
  {
    path: 'team/deploy',
    files: { 'SKILL.md': deployText('Push.'), 'scripts/push.sh': 'git push\n' },
  },
  {
    path: 'edge/team/notes',
    files: { 'SKILL.md': skillText({ name: 'notes', description: 'Two hops away' }, 'Notes.') },
  },
  {
    path: 'tampered',
    files: {
      'SKILL.md': skillText({ name: 'tampered', description: 'Its script changes' }, 'Run it.'),
      'run.sh': 'echo safe\n',
    },
    served: { 'run.sh': 'echo evil\n' },
  },
  {
    path: 'lie',
    files: { 'SKILL.md': skillText({ name: 'lie', description: 'The file says this' }, 'Lie.') },
    frontmatter: { description: 'The entry says that' },
  },
  {
    path: 'partial',
    files: {
      'SKILL.md': skillText({ name: 'partial', description: 'One file unlisted' }, 'Partial.'),
      'hidden.md': 'Not in the manifest.\n',
    },
    unlisted: ['hidden.md'],
  },
];

describe('createMcpSkillSource against a 2026-07-28 server (SDK v2, modern era)', () => {
  it('names skills by their path down a chain of servers and reads them verified', async () => {
    const server = createV2SkillsServer(V2_SKILLS);
    const registry = openV2Registry(server);
    expect((await registry.list()).map((entry) => [entry.name, entry.valid])).toEqual([
      ['up:edge:team:notes', true],
      ['up:lie', true],
      ['up:partial', true],
      ['up:tampered', true],
      ['up:team:deploy', true],
    ]);
    expect(server.reads).toEqual([]);
    expect((await registry.loadSkill('up:edge:team:notes')).body.trim()).toBe('Notes.');
    expect((await registry.get('up:edge:team:notes'))?.origin).toEqual({
      kind: 'mcp',
      server: 'up',
      uri: 'skill://edge/team/notes/SKILL.md',
    });
    expect(server.reads).toEqual(['skill://edge/team/notes/SKILL.md']);
  });

  it('refuses a wrong digest, a differing frontmatter, and never fetches a file missing from the manifest', async () => {
    const server = createV2SkillsServer(V2_SKILLS);
    const registry = openV2Registry(server);
    await registry.loadSkill('up:tampered');
    const digest = await failure(registry.readFile('up:tampered', 'run.sh'));
    expect(digest.code).toBe('skill_integrity_mismatch');
    expect(digest.message).toContain('file run.sh (skill://tampered/run.sh) does not match');
    expect((await registry.get('up:tampered'))?.valid).toBe(false);

    const lie = await failure(registry.loadSkill('up:lie'));
    expect(lie.message).toContain(
      'description: the entry has "The entry says that", SKILL.md has "The file says this"',
    );
    expect(await registry.resolve('up:lie')).toBeUndefined();

    const hidden = await failure(registry.readFile('up:partial', 'hidden.md'));
    expect(hidden.code).toBe('skill_file_not_found');
    expect(server.reads).not.toContain('skill://partial/hidden.md');
    expect((await registry.loadSkill('up:partial')).body.trim()).toBe('Partial.');
  });

  it('keeps approved allowed-tools until the manifest changes, then strips them and says so', async () => {
    const server = createV2SkillsServer(V2_SKILLS);
    const first = openV2Registry(server);
    expect((await first.get('up:team:deploy'))?.manifest?.allowedTools).toBeUndefined();
    const digest =
      (await first.issues())
        .find((issue) => issue.code === 'mcp_allowed_tools_unapproved')
        ?.message.match(DIGEST)?.[0] ?? '';
    expect(digest).toMatch(DIGEST);

    const registry = openV2Registry(server, { 'team:deploy': digest });
    expect((await registry.get('up:team:deploy'))?.manifest?.allowedTools).toEqual([
      'Bash(git:*)',
      'Read',
    ]);
    expect(await registry.issues()).toEqual([]);

    server.serve(
      V2_SKILLS.map((skill) =>
        skill.path === 'team/deploy'
          ? { ...skill, files: { ...skill.files, 'scripts/push.sh': 'git push --force\n' } }
          : skill,
      ),
    );
    await registry.refresh();
    expect((await registry.get('up:team:deploy'))?.manifest?.allowedTools).toBeUndefined();
    const [stale] = await registry.issues();
    expect(stale).toMatchObject({ code: 'mcp_allowed_tools_approval_stale', severity: 'warning' });
    const [old, now] = stale?.message.match(DIGEST) ?? [];
    expect(old).toBe(digest);
    expect(now).not.toBe(digest);
    expect(stale?.message).toBe(
      `MCP server "up": skill "up:team:deploy" changed since its allowed-tools were approved (approved ${digest}, now ${now}), so they (Bash(git:*), Read) are ignored again. Review the skill, then approve it again in mcpServers."up": "approvedAllowedTools": { "team:deploy": "${now}" }`,
    );
  });
});
