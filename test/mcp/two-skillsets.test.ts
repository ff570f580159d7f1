import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createTempDir, type TempDir, writeSkillTree } from '@skillset/core/test';
import { createRuntimeTestApp, type RuntimeTestApp, skillText } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProject, createCliProject } from '../cli/create-cli-project.ts';
import { runInspector } from '../support/run-inspector.ts';
import { runSkillset } from '../support/run-skillset.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

// One Skillset consumes two others through skillset.json: `skillset mcp --dir` over stdio ("team")
// and a Skillset server's /mcp over HTTP with a bearer token and a header ("hub").

let dir: TempDir;
let consumer: CliProject;
let hub: RuntimeTestApp;
let hubServer: ReturnType<typeof serve>;
let hubUrl: string;

beforeAll(async () => {
  dir = await createTempDir();
  const served = path.join(dir.path, 'team-skills');
  const teamHome = path.join(dir.path, 'team-home');
  await mkdir(teamHome, { recursive: true });
  await writeSkillTree(served, [
    {
      name: 'pdf',
      description: 'Fill PDF forms the team way.',
      body: 'Team PDF steps; see forms/w9.md.\n',
      files: { 'forms/w9.md': '# W-9\n' },
    },
    { name: 'secret', description: 'Denied by the consumer.', body: 'Secret body.\n' },
  ]);

  hub = await createRuntimeTestApp();
  const created = await hub.store.skills.create({
    scope: 'workspace',
    workspaceId: hub.owner.workspaceId,
    skillMd: skillText('notes', { body: 'Hub notes body.' }),
    files: [{ path: 'templates/letter.md', content: 'Dear $name,\n' }],
  });
  if (!created.ok) throw new Error('could not create the hub skill');
  await hub.addSkill(skillText('pdf', { body: 'Hub PDF body.' }));
  hubServer = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: hub.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  hubUrl = `http://127.0.0.1:${(hubServer.address() as AddressInfo).port}/mcp`;

  consumer = await createCliProject({
    cacheDir: path.join(dir.path, 'cache'),
    skills: [{ name: 'pdf', description: 'The local PDF skill.', body: 'Local PDF body.\n' }],
    policy: {
      mcpServers: {
        team: {
          command: skillsetBin,
          args: ['mcp', '--dir', served],
          cwd: teamHome,
          env: { HOME: teamHome, XDG_CONFIG_HOME: path.join(teamHome, 'config') },
        },
        hub: {
          url: hubUrl,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
          headers: { Authorization: 'Bearer ${HUB_TOKEN}', 'X-Client': 'skillset-test' },
        },
      },
      rules: [{ skill: 'team:secret', action: 'deny' }],
    },
  });
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => hubServer?.close(() => resolve()));
  await hub?.[Symbol.asyncDispose]();
  await consumer?.[Symbol.asyncDispose]();
  await dir?.[Symbol.asyncDispose]();
});

function run(args: string[], token = hub.owner.token) {
  return runSkillset(args, { cwd: consumer.project, env: { ...consumer.env, HUB_TOKEN: token } });
}

describe('a Skillset consuming two Skillset MCP servers', () => {
  it('lists both servers in their namespaces beside the local skill of the same name', async () => {
    const listed = await run(['list', '--json']);
    expect(listed.stderr).toBe('');
    const skills = (JSON.parse(listed.stdout) as { skills: Array<Record<string, unknown>> }).skills;
    const byName = new Map(skills.map((skill) => [skill.name, skill]));
    expect(byName.get('pdf')).toMatchObject({
      scope: 'project',
      sameName: ['hub:pdf', 'team:pdf'],
    });
    expect(byName.get('team:pdf')).toMatchObject({
      valid: true,
      description: 'Fill PDF forms the team way.',
      origin: { kind: 'mcp', server: 'team', uri: 'skill://pdf/SKILL.md' },
    });
    expect(byName.get('hub:pdf')).toMatchObject({ valid: true, origin: { server: 'hub' } });
    expect(byName.get('hub:notes')).toMatchObject({ valid: true, shadows: [] });
    expect(byName.has('team:secret')).toBe(true);
    expect(listed.exitCode).toBe(0);
  });

  it('invokes each same-named skill by its own name, reading verified bodies from each server', async () => {
    const invoked = await run(['invoke', '--json', '/team:pdf /hub:pdf /pdf go']);
    expect(invoked.stderr).toBe('');
    const result = JSON.parse(invoked.stdout) as {
      activations: Array<{ name: string; content: string }>;
      message: string;
    };
    expect(result.activations.map((activation) => activation.name)).toEqual([
      'team:pdf',
      'hub:pdf',
      'pdf',
    ]);
    expect(result.activations[0]?.content).toContain('Team PDF steps; see forms/w9.md.');
    expect(result.activations[0]?.content).toContain('forms/w9.md');
    expect(result.activations[1]?.content).toContain('Hub PDF body.');
    expect(result.activations[2]?.content).toContain('Local PDF body.');
    expect(result.message).toBe('go');
  });

  it('denies a remote skill by the consumer policy', async () => {
    const denied = await run(['invoke', '/team:secret now']);
    expect(denied.exitCode).toBe(1);
    expect(denied.stderr).toContain('not allowed: /team:secret');
  });

  it('reports a rejected token for the HTTP server and keeps the other sources', async () => {
    const listed = await run(['list', '--json'], 'wrong-token');
    expect(listed.stderr).toMatch(
      /MCP server "hub" \(url http:\/\/127\.0\.0\.1:\d+\/mcp\) is unreachable: .*authoriz.*HTTP 401.*[Cc]heck the credentials in its "headers"/,
    );
    const names = (JSON.parse(listed.stdout) as { skills: Array<{ name: string }> }).skills.map(
      (skill) => skill.name,
    );
    expect(names).toContain('team:pdf');
    expect(names).toContain('pdf');
    expect(names).not.toContain('hub:notes');
    expect(listed.exitCode).toBe(1);
  });

  it.each([
    'legacy',
    'modern',
  ])("passes the Inspector's skills checks over HTTP in the %s era, digests required", async (era) => {
    const checked = await runInspector(
      [
        '--transport',
        'http',
        '--server-url',
        hubUrl,
        '--header',
        `Authorization: Bearer ${hub.owner.token}`,
        '--protocol-era',
        era,
        '--method',
        'skills/list',
        '--verify',
        '--require-digests',
      ],
      { cwd: dir.path, env: { HOME: dir.path } },
    );
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain('"uri":"skill://notes/SKILL.md"');
    expect(checked.stderr).toMatch(/Verified \d+ skills and \d+ files: no conformance errors\./);
  }, 120_000);

  it('republishes the skills it reads in its own skills/list, under their namespaces (a chain)', async () => {
    // A client of the consumer's `skillset mcp` sees hub:notes at skill://hub/notes/SKILL.md.
    const env = { ...consumer.env, HUB_TOKEN: hub.owner.token };
    const chained = await runInspector(
      [
        ...Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
        skillsetBin,
        'mcp',
        '--protocol-era',
        'modern',
        '--method',
        'skills/list',
        '--verify',
        '--require-digests',
      ],
      { cwd: consumer.project, env },
    );
    expect(chained.code, chained.stdout + chained.stderr).toBe(0);
    const reports = chained.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { uri: string; outcome: string });
    expect(reports).toContainEqual(
      expect.objectContaining({ uri: 'skill://hub/notes/SKILL.md', outcome: 'verified' }),
    );
    expect(reports).toContainEqual(
      expect.objectContaining({ uri: 'skill://team/pdf/SKILL.md', outcome: 'verified' }),
    );
  }, 120_000);
});
