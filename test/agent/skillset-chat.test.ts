import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type SkillTreeEntry, type TempDir } from '@skillset/core/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliProject, createCliProject } from '../cli/create-cli-project.ts';
import {
  type CompletionReply,
  type CompletionRequest,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { type SkillsetRun, spawnSkillset } from '../support/run-skillset.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

const skills: SkillTreeEntry[] = [
  {
    name: 'haiku',
    description: 'Write a haiku about a topic.',
    body: 'Write a haiku about $ARGUMENTS. Use 5-7-5 syllables.\n',
  },
  { name: 'secret', description: 'A skill the local policy denies.', body: 'SECRET-BODY\n' },
];

let cache: TempDir;
let project: CliProject;
let endpoint: OpenAiCompatibleServer | undefined;

beforeAll(async () => {
  cache = await createTempDir();
  project = await createCliProject({
    skills,
    cacheDir: cache.path,
    policy: { rules: [{ skill: 'secret', action: 'deny' }] },
  });
});
afterAll(async () => {
  await project[Symbol.asyncDispose]();
  await cache[Symbol.asyncDispose]();
});
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

async function serve(
  script: Array<CompletionReply | ((request: CompletionRequest) => CompletionReply)>,
) {
  endpoint = await startOpenAiCompatibleServer(script);
  return {
    ...project.env,
    SKILLSET_MODEL: 'openai-compatible:test-model',
    OPENAI_BASE_URL: endpoint.baseUrl,
  };
}

function chat(args: string[], env: Record<string, string>): Promise<SkillsetRun> {
  return spawnSkillset(['chat', ...args], { cwd: project.project, env });
}

/** Runs the interactive chat with lines piped to stdin. */
function chatWithInput(input: string, env: Record<string, string>, cwd = project.project) {
  return spawnSkillset(['chat'], { cwd, env, input });
}

describe('skillset chat -p', () => {
  it('runs /name before the model, streams from the endpoint and prints only the answer', async () => {
    const env = await serve([{ text: 'Autumn moon rises.' }]);
    const run = await chat(['-p', '/haiku autumn'], env);
    expect(run).toMatchObject({ exitCode: 0, stdout: 'Autumn moon rises.\n' });
    expect(run.stderr).toContain('skillset: ● skill haiku activated');
    const [request] = endpoint?.requests ?? [];
    expect(request?.stream).toBe(true);
    expect(JSON.stringify(request?.messages)).toContain(
      'Write a haiku about autumn. Use 5-7-5 syllables.',
    );
  });

  it('lets the model call use_skill, and honours the local policy', async () => {
    const env = await serve([
      { toolCalls: [{ name: 'use_skill', arguments: { skill: 'haiku', arguments: 'snow' } }] },
      (request) => ({
        text: JSON.stringify(request.messages).includes('Write a haiku about snow')
          ? 'Snow falls.'
          : 'no body',
      }),
    ]);
    const run = await chat(['--print', 'A haiku about snow'], env);
    expect(run).toMatchObject({ exitCode: 0, stdout: 'Snow falls.\n' });
    const system = JSON.stringify(endpoint?.requests[0]?.messages[0]);
    expect(system).toContain('haiku');
    expect(system).not.toContain('secret');
    expect(endpoint?.requests[0]?.tools?.map((tool) => tool.function.name)).toContain(
      'create_skill',
    );
  });

  it('treats a denied /name as ordinary text', async () => {
    const env = await serve([{ text: 'I have no such skill.' }]);
    const run = await chat(['-p', '/secret now'], env);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain('/secret is not a skill you can use here');
    expect(JSON.stringify(endpoint?.requests)).not.toContain('SECRET-BODY');
  });

  it('saves a skill the model creates into the project', async () => {
    const env = await serve([
      {
        toolCalls: [
          {
            name: 'create_skill',
            arguments: {
              name: 'tidy-imports',
              description: 'Sort and group imports. Use after editing a file.',
              body: 'Sort the imports of the file alphabetically.\n',
            },
          },
        ],
      },
      { text: 'Saved.' },
    ]);
    const run = await chat(['-p', 'Save that as a skill'], env);
    expect(run).toMatchObject({ exitCode: 0, stdout: 'Saved.\n' });
    const saved = await readFile(
      path.join(project.project, '.claude/skills/tidy-imports/SKILL.md'),
      'utf8',
    );
    expect(saved).toContain('Sort the imports');
  });

  it('says in one line what to set when no model is configured', async () => {
    const run = await chat(['-p', 'hello'], project.env);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^skillset: No model is configured: pass --model or set SKILLSET_MODEL \(.*\)\.\n$/,
    );
    const keyless = await chat(['-p', 'hello', '--model', 'openai:gpt-4.1'], project.env);
    expect(keyless.stderr).toBe(
      'skillset: The model openai:gpt-4.1 needs OPENAI_API_KEY: set it to your OpenAI API key.\n',
    );
  });

  it('says in one line that an unreachable endpoint failed', async () => {
    const env = await serve([]);
    await endpoint?.close();
    endpoint = undefined;
    const run = await chat(['-p', 'hello'], env);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(
      /^skillset: The model endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions could not be reached \(ECONNREFUSED\)\. .*\n$/,
    );
    expect(run.stderr).not.toContain('    at ');
  });
});

describe('skillset chat (interactive)', () => {
  it('lists skills, shows activations and de-duplicates a second one', async () => {
    const env = await serve([{ text: 'First haiku.' }, { text: 'Second haiku.' }]);
    const run = await chatWithInput('/skills\n/haiku autumn\n/haiku winter\n', env);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/\/haiku {2}Write a haiku about a topic\./);
    expect(run.stdout).not.toContain('/secret');
    expect(run.stdout).toContain('● skill haiku activated\nFirst haiku.\n');
    expect(run.stdout).toContain('● skill haiku already active\nSecond haiku.\n');
    expect(JSON.stringify(endpoint?.requests[1]?.messages).match(/5-7-5 syllables/g)).toHaveLength(
      1,
    );
  });

  it('asks before a skill a rule marks ask, and goes on only when approved', async () => {
    await using asking = await createCliProject({
      skills,
      cacheDir: cache.path,
      policy: { rules: [{ skill: 'haiku', action: 'ask' }] },
    });
    const env = { ...(await serve([{ text: 'Approved haiku.' }])), ...asking.env };
    const run = await chatWithInput('/haiku autumn\nn\n/haiku spring\ny\n', env, asking.project);
    expect(run.stdout).toContain('Use skill haiku (a permission rule asks for approval)? [y/N/a]');
    expect(run.stderr).toContain('skillset: Using skill haiku was declined.');
    expect(run.stdout).toContain('Approved haiku.');
    expect(endpoint?.requests).toHaveLength(1);
    expect(JSON.stringify(endpoint?.requests[0]?.messages)).toContain('Write a haiku about spring');
  });

  it('cancels a running turn on Ctrl-C and keeps the chat going', async () => {
    const env = await serve([{ hang: true }, { text: 'After the cancel.' }]);
    const child = spawn(skillsetBin, ['chat'], {
      cwd: project.project,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.write('/haiku autumn\n');
    await expect.poll(() => endpoint?.requests.length, { timeout: 15_000 }).toBe(1);
    child.kill('SIGINT');
    await expect.poll(() => stderr, { timeout: 10_000 }).toContain('skillset: Cancelled.');
    child.stdin.end('/haiku winter\n');
    expect(await closed).toBe(0);
    expect(stdout).toContain('After the cancel.');
    expect(stdout.match(/● skill haiku activated/g)).toHaveLength(2);
  });
});
