import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type SkillTreeEntry, type TempDir } from '@skillset/core/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliProject, createCliProject } from '../cli/create-cli-project.ts';
import {
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { spawnSkillset } from '../support/run-skillset.ts';

const skills: SkillTreeEntry[] = [
  {
    name: 'haiku',
    description: 'Write a haiku about a topic.',
    body: 'Write a haiku about $ARGUMENTS. Use 5-7-5 syllables.\n',
  },
];

const QUESTION = 'Use skill haiku (a permission rule asks for approval)? [y/N/a]';
const CHANGED =
  'Skill haiku changed since you approved it always, so that approval no longer holds.';

let cache: TempDir;
let endpoint: OpenAiCompatibleServer | undefined;

beforeAll(async () => {
  cache = await createTempDir();
});
afterAll(async () => {
  await cache[Symbol.asyncDispose]();
});
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

function project(): Promise<CliProject> {
  return createCliProject({
    skills,
    cacheDir: cache.path,
    policy: { rules: [{ skill: 'haiku', action: 'ask' }] },
  });
}

/** One interactive `skillset chat` process with `input` on stdin, against a fresh model endpoint. */
async function chat(cli: CliProject, input: string) {
  await endpoint?.close();
  endpoint = await startOpenAiCompatibleServer([{ text: 'A haiku.' }, { text: 'Another.' }]);
  return spawnSkillset(['chat'], {
    cwd: cli.project,
    env: {
      ...cli.env,
      SKILLSET_MODEL: 'openai-compatible:test-model',
      OPENAI_BASE_URL: endpoint.baseUrl,
    },
    input,
  });
}

function approvalsFile(cli: CliProject) {
  return path.join(cli.home, '.config/skillset/approvals.json');
}

describe('skillset chat remembers approvals answered "always", bound to the skill content', () => {
  it('does not ask again in a new chat until one byte of the skill changes', async () => {
    await using cli = await project();
    const first = await chat(cli, '/haiku autumn\na\n');
    expect(first.exitCode).toBe(0);
    expect(first.stdout.split(QUESTION)).toHaveLength(2);
    expect(first.stdout).toContain('A haiku.');
    const stored = JSON.parse(await readFile(approvalsFile(cli), 'utf8'));
    expect(stored).toMatchObject({
      version: 1,
      approvals: [{ project: cli.project, skill: 'haiku', action: 'use' }],
    });
    expect(stored.approvals[0].digest).toMatch(/^sha256:[0-9a-f]{64}$/);

    const second = await chat(cli, '/haiku spring\n');
    expect(second.exitCode).toBe(0);
    expect(second.stdout).not.toContain('[y/N');
    expect(second.stdout).toContain('A haiku.');
    expect(JSON.stringify(endpoint?.requests[0]?.messages)).toContain('haiku about spring');

    const skillFile = path.join(cli.project, '.agents/skills/haiku/SKILL.md');
    const text = await readFile(skillFile, 'utf8');
    await writeFile(skillFile, text.replace('5-7-5', '5-7-6'));
    const third = await chat(cli, '/haiku winter\nn\n');
    expect(third.exitCode).toBe(0);
    expect(third.stdout).toContain(`${CHANGED} ${QUESTION}`);
    expect(third.stderr).toContain('skillset: Using skill haiku was declined.');
    expect(endpoint?.requests).toHaveLength(0);
    // The revoked approval is gone: the next chat asks again, no longer as a change.
    expect(JSON.parse(await readFile(approvalsFile(cli), 'utf8')).approvals).toEqual([]);
    const fourth = await chat(cli, '/haiku summer\ny\n');
    expect(fourth.stdout).toContain(QUESTION);
    expect(fourth.stdout).not.toContain(CHANGED);
    expect(fourth.stdout).toContain('A haiku.');
  });

  it('keeps approvals per project folder', async () => {
    await using one = await project();
    await using other = await project();
    other.env.HOME = one.home;
    await chat(one, '/haiku autumn\na\n');
    const elsewhere = await chat(other, '/haiku autumn\nn\n');
    expect(elsewhere.stdout).toContain(QUESTION);
  });

  it('says precisely what is wrong with a malformed approvals file and never overwrites it', async () => {
    await using cli = await project();
    const file = approvalsFile(cli);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{"version": 1, "approvals": [');
    const run = await chat(cli, '/haiku autumn\na\n/haiku spring\ny\n');
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain(`skillset: ${file} is not valid JSON (`);
    expect(run.stderr).toContain(
      'fix it or delete it to forget every remembered approval. Until then, an "a" answer approves once.',
    );
    expect(run.stdout.split(QUESTION)).toHaveLength(3);
    expect(run.stdout).toContain('A haiku.');
    expect(await readFile(file, 'utf8')).toBe('{"version": 1, "approvals": [');

    await writeFile(file, '{"version": 1, "approvals": [{"skill": "haiku"}]}');
    const shape = await chat(cli, '/haiku autumn\nn\n');
    expect(shape.stderr).toContain(
      `skillset: ${file} is not a remembered-approvals file at approvals.0.project:`,
    );
  });
});
