import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createActivationSession } from '../invoke/activation-session.ts';
import type { ApprovalRequest } from '../policy/create-policy-gate.ts';
import type { PermissionRule } from '../policy/permission-rule.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { capText } from './create-run-skill-script-tool.ts';
import { createSkillTools, type SkillScriptToolsOptions } from './create-skill-tools.ts';
import type {
  SkillScriptOutput,
  SkillScriptRequest,
  SkillScriptRunner,
  SkillScriptRunRecord,
} from './skill-script-runner.ts';
import type { SkillTool, SkillToolResult } from './skill-tool.ts';
import { formatToolResult } from './tool-result.ts';

const skills = [
  { text: buildSkill({ name: 'csv-tools', body: 'Run scripts/convert.py.\n' }) },
  {
    text: buildSkill({
      name: 'trusted',
      body: 'Run scripts/go.sh.\n',
      fields: { 'allowed-tools': 'Read run_skill_script' },
    }),
  },
  {
    text: buildSkill({
      name: 'fetcher',
      body: 'Run scripts/fetch.py.\n',
      fields: { requires: { network: true } },
    }),
  },
];

const SECRETS: Record<string, Record<string, string>> = {
  'csv-tools': { CSV_TOKEN: 'tok-csv-0123456789' },
  trusted: { TRUSTED_KEY: 'trusted-key-abcdef' },
};

function output(overrides: Partial<SkillScriptOutput> = {}): SkillScriptOutput {
  return {
    exitCode: 0,
    signal: null,
    timedOut: false,
    stdout: 'converted 3 rows\n',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 42,
    files: [{ path: 'out.json', size: 120 }],
    sandbox: 'bubblewrap',
    ...overrides,
  };
}

/** A runner that records requests and answers as told; its scratch holds `files`. */
function fakeRunner(
  answer: (request: SkillScriptRequest) => SkillScriptOutput = () => output(),
  files: Record<string, string | Uint8Array> = {},
) {
  const requests: SkillScriptRequest[] = [];
  const reads: string[] = [];
  const runner: SkillScriptRunner = {
    async run(request) {
      requests.push(request);
      return answer(request);
    },
    async readScratchFile(skill, path, maxBytes) {
      reads.push(`${skill.name}:${path}`);
      const content = files[path];
      if (content === undefined) {
        throw new SkillsetError({
          code: 'skill_file_not_found',
          message: `No file ${path} in the scratch folder.`,
        });
      }
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      return { bytes: bytes.subarray(0, maxBytes), size: bytes.byteLength };
    },
  };
  return { runner, requests, reads };
}

interface SetUpOptions {
  rules?: PermissionRule[];
  active?: string[];
  runner?: SkillScriptRunner;
  approve?: (request: ApprovalRequest) => boolean;
  scripts?: Partial<SkillScriptToolsOptions>;
}

async function setUp(options: SetUpOptions = {}) {
  const registry = createRegistry({ sources: [createMemorySource({ scope: 'project', skills })] });
  const session = createActivationSession({ id: 'session-1' });
  for (const name of options.active ?? ['csv-tools']) session.markActive(name);
  const fake = fakeRunner();
  const records: SkillScriptRunRecord[] = [];
  const asked: ApprovalRequest[] = [];
  const tools = await createSkillTools({
    registry,
    policy: createPolicyContext({ rules: options.rules ?? [] }),
    session,
    ...(options.approve === undefined
      ? {}
      : {
          approve: (request: ApprovalRequest) => {
            asked.push(request);
            return options.approve?.(request) ?? false;
          },
        }),
    scripts: {
      runner: options.runner ?? fake.runner,
      secretsFor: (skill) => ({ values: SECRETS[skill.name] ?? {} }),
      onRun: (record) => records.push(record),
      ...options.scripts,
    },
  });
  const tool = (name: string) => tools.find((each) => each.name === name) as SkillTool;
  return {
    run: tool('run_skill_script'),
    read: tool('read_scratch_file'),
    requests: fake.requests,
    records,
    asked,
    tools,
  };
}

const allowRun: PermissionRule[] = [{ skill: '*', surface: 'run', action: 'allow' }];

function textOf(result: SkillToolResult): string {
  return formatToolResult(result);
}

describe('run_skill_script', () => {
  it('runs a script of an active skill that a rule allows, with only its own secrets', async () => {
    const { run, requests, records } = await setUp({ rules: allowRun });
    const result = await run.execute({
      skill: 'CSV-Tools',
      script: './scripts/convert.py',
      args: ['in.csv', 'out.json'],
      stdin: 'a,b\n',
    });
    expect(result.ok).toBe(true);
    expect(textOf(result)).toMatchInlineSnapshot(`
      "scripts/convert.py of skill csv-tools exited with code 0 after 42 ms.
      stdout:
      converted 3 rows
      stderr: (empty)
      Files in the scratch folder (the working directory; read one with read_scratch_file):
      - out.json (120 bytes)"
    `);
    expect(requests).toEqual([
      expect.objectContaining({
        script: 'scripts/convert.py',
        args: ['in.csv', 'out.json'],
        stdin: 'a,b\n',
        env: { CSV_TOKEN: 'tok-csv-0123456789' },
        network: false,
      }),
    ]);
    expect(requests[0]?.skill.name).toBe('csv-tools');
    expect(records).toEqual([
      {
        skill: 'csv-tools',
        script: 'scripts/convert.py',
        outcome: 'ok',
        exitCode: 0,
        signal: null,
        timedOut: false,
        durationMs: 42,
        secrets: ['CSV_TOKEN'],
        network: false,
        sandbox: 'bubblewrap',
      },
    ]);
  });

  it('refuses a skill that is not active, and an unknown one alike, running nothing', async () => {
    const { run, requests, records } = await setUp({ rules: allowRun, active: [] });
    for (const skill of ['csv-tools', 'no-such-skill']) {
      const result = await run.execute({ skill, script: 'scripts/convert.py' });
      expect(result).toMatchObject({ ok: false, error: { code: 'skill_not_active' } });
      expect(textOf(result)).toContain('load it with use_skill first. No skill is active yet.');
    }
    expect(requests).toEqual([]);
    expect(records).toEqual([]);
  });

  it('refuses a run a deny rule forbids, saying so, and records the refusal', async () => {
    const rules: PermissionRule[] = [
      ...allowRun,
      { skill: 'csv-tools', surface: 'run', action: 'deny' },
    ];
    const { run, requests, records } = await setUp({ rules, approve: () => true });
    const result = await run.execute({ skill: 'csv-tools', script: 'scripts/convert.py' });
    expect(result).toMatchObject({ ok: false, error: { code: 'run_denied' } });
    expect(textOf(result)).toBe(
      'Error: Running the scripts of skill "csv-tools" is not allowed here: a permission rule denies it (Rule: deny "csv-tools" for * on "run"). Do not retry; tell the user.',
    );
    expect(requests).toEqual([]);
    expect(records).toEqual([
      { skill: 'csv-tools', script: 'scripts/convert.py', outcome: 'run_denied' },
    ]);
  });

  it('asks a person by default, with the script, its arguments, the network grant and the secrets it gets', async () => {
    const { run, requests, asked } = await setUp({ approve: () => true });
    const result = await run.execute({
      skill: 'csv-tools',
      script: 'scripts/convert.py',
      args: ['x'],
    });
    expect(result.ok).toBe(true);
    expect(asked).toEqual([
      expect.objectContaining({
        tool: 'run_skill_script',
        skill: 'csv-tools',
        entryPoint: 'run_skill_script',
        entry: expect.objectContaining({ name: 'csv-tools' }),
        script: { path: 'scripts/convert.py', args: ['x'], network: false, secrets: ['CSV_TOKEN'] },
      }),
    ]);
    expect(asked[0]?.decision.reasons.find((each) => each.step === 'permission')?.code).toBe(
      'approval_required_by_default',
    );
    expect(requests).toHaveLength(1);
  });

  it('says which bound secrets a run went without and why, in its text and its record', async () => {
    const reason =
      'CSV_TOKEN is bound to skill csv-tools, but its revision was not approved by an admin for it; an admin approves it on the Secrets page.';
    const { run, requests, records, asked } = await setUp({
      approve: () => true,
      scripts: { secretsFor: () => ({ values: {}, withheld: [{ name: 'CSV_TOKEN', reason }] }) },
    });
    const result = await run.execute({ skill: 'csv-tools', script: 'scripts/convert.py' });
    expect(textOf(result)).toContain(`It ran without the secret CSV_TOKEN: ${reason}`);
    expect(requests[0]?.env).toEqual({});
    expect(asked[0]?.script).toEqual({ path: 'scripts/convert.py', args: [], network: false });
    expect(records).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        secrets: [],
        withheld: [{ name: 'CSV_TOKEN', reason }],
      }),
    ]);
  });

  it('runs nothing when the person declines, or when no one can be asked', async () => {
    const declined = await setUp({ approve: () => false });
    const refused = await declined.run.execute({ skill: 'csv-tools', script: 'scripts/a.py' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect(declined.requests).toEqual([]);
    const nobody = await setUp();
    const unasked = await nobody.run.execute({ skill: 'csv-tools', script: 'scripts/a.py' });
    expect(unasked).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    expect(textOf(unasked)).toContain('a permission rule allowing the "run" surface');
    expect(nobody.requests).toEqual([]);
    expect(nobody.records.map((record) => record.outcome)).toEqual(['approval_required']);
  });

  it("runs without asking when the skill's allowed-tools names run_skill_script", async () => {
    const { run, asked, requests } = await setUp({
      active: ['trusted'],
      approve: () => false,
    });
    const result = await run.execute({ skill: 'trusted', script: 'scripts/go.sh' });
    expect(result.ok).toBe(true);
    expect(asked).toEqual([]);
    expect(requests[0]?.env).toEqual({ TRUSTED_KEY: 'trusted-key-abcdef' });
  });

  it('asks anyway when an ask rule names the pre-approved skill', async () => {
    const rules: PermissionRule[] = [{ skill: 'trusted', surface: 'run', action: 'ask' }];
    const { run, asked } = await setUp({ rules, active: ['trusted'], approve: () => false });
    const result = await run.execute({ skill: 'trusted', script: 'scripts/go.sh' });
    expect(result).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect(asked).toHaveLength(1);
  });

  it('gives the network only to a skill that declares it, and only when the host allows', async () => {
    const given = await setUp({ rules: allowRun, active: ['fetcher', 'csv-tools'] });
    await given.run.execute({ skill: 'fetcher', script: 'scripts/fetch.py' });
    await given.run.execute({ skill: 'csv-tools', script: 'scripts/convert.py' });
    expect(given.requests.map((request) => request.network)).toEqual([true, false]);
    const withheld = await setUp({
      rules: allowRun,
      active: ['fetcher'],
      scripts: { allowNetwork: false },
    });
    await withheld.run.execute({ skill: 'fetcher', script: 'scripts/fetch.py' });
    expect(withheld.requests[0]?.network).toBe(false);
  });

  it('masks every secret value in stdout, stderr, file names and errors', async () => {
    const secret = 'tok-csv-0123456789';
    const { runner } = fakeRunner(() =>
      output({
        stdout: `token=${secret}\n`,
        stderr: `warning: ${secret} is visible\n`,
        files: [{ path: `${secret}.txt`, size: 1 }],
      }),
    );
    const { run } = await setUp({ rules: allowRun, runner });
    const result = await run.execute({ skill: 'csv-tools', script: 'scripts/leak.py' });
    const shown = JSON.stringify(result);
    expect(shown).not.toContain(secret);
    expect(textOf(result)).toContain('token=[secret CSV_TOKEN]');
    expect(textOf(result)).toContain('warning: [secret CSV_TOKEN] is visible');
    expect(textOf(result)).toContain('- [secret CSV_TOKEN].txt (1 bytes)');

    const failing: SkillScriptRunner = {
      ...runner,
      run: async () => {
        throw new SkillsetError<string>({
          code: 'invalid_script_run',
          message: `bad value ${secret}`,
        });
      },
    };
    const { run: failingRun } = await setUp({ rules: allowRun, runner: failing });
    const failure = await failingRun.execute({ skill: 'csv-tools', script: 'scripts/leak.py' });
    expect(failure).toMatchObject({
      ok: false,
      error: { code: 'invalid_script_run', message: 'bad value [secret CSV_TOKEN]' },
    });
  });

  it('masks the beginning of a secret that the output limit cut off', async () => {
    const { runner } = fakeRunner(() =>
      output({ stdout: 'key: tok-csv-0123', stdoutTruncated: true }),
    );
    const { run } = await setUp({ rules: allowRun, runner });
    const text = textOf(await run.execute({ skill: 'csv-tools', script: 'scripts/a.py' }));
    expect(text).toContain('key: [secret CSV_TOKEN, cut]');
    expect(text).not.toContain('tok-csv');
    expect(text).toContain('[the sandbox stopped capturing stdout at its output limit]');
  });

  it('caps long output, keeping its head and tail, with a note', async () => {
    const long = `${'a'.repeat(30_000)}${'z'.repeat(30_000)}`;
    const { runner } = fakeRunner(() => output({ stdout: long, stderr: 'Traceback …\nboom\n' }));
    const { run } = await setUp({ rules: allowRun, runner, scripts: { maxOutputChars: 3000 } });
    const text = textOf(await run.execute({ skill: 'csv-tools', script: 'scripts/a.py' }));
    expect(text).toContain(`${'a'.repeat(2000)}\n[… 57000 characters cut …]\n${'z'.repeat(1000)}`);
    expect(text).toContain('[stdout cut to 3000 of 60000 characters;');
    expect(text).toContain('stderr:\nTraceback …\nboom');
    expect(text.length).toBeLessThan(3500);
  });

  it('reports how a run ended: a timeout, a signal, a failing exit code', async () => {
    const cases: Array<[Partial<SkillScriptOutput>, string]> = [
      [{ exitCode: null, timedOut: true, durationMs: 30_000 }, 'was stopped at the time limit'],
      [{ exitCode: 137, signal: 'SIGKILL' }, 'was stopped by SIGKILL'],
      [{ exitCode: 3, stderr: 'bad input\n' }, 'exited with code 3'],
    ];
    for (const [overrides, expected] of cases) {
      const { runner } = fakeRunner(() => output(overrides));
      const { run } = await setUp({ rules: allowRun, runner });
      const result = await run.execute({ skill: 'csv-tools', script: 'scripts/a.py' });
      expect(result.ok).toBe(true);
      expect(textOf(result)).toContain(expected);
    }
  });

  it('returns the runner refusal as a result the model can read', async () => {
    const refusing: SkillScriptRunner = {
      ...fakeRunner().runner,
      run: async () => {
        throw new SkillsetError<string>({
          code: 'sandbox_unavailable',
          message: 'Cannot run scripts/a.py in a sandbox: bubblewrap (bwrap) is not installed.',
        });
      },
    };
    const { run, records } = await setUp({ rules: allowRun, runner: refusing });
    const result = await run.execute({ skill: 'csv-tools', script: 'scripts/a.py' });
    expect(result).toMatchObject({ ok: false, error: { code: 'sandbox_unavailable' } });
    expect(records.map((record) => record.outcome)).toEqual(['sandbox_unavailable']);
  });

  it('refuses paths that leave the skill folder before asking anything', async () => {
    const { run, requests, asked } = await setUp({ approve: () => true });
    for (const script of ['../other/x.py', '/etc/passwd']) {
      const result = await run.execute({ skill: 'csv-tools', script });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_skill_file_path' } });
    }
    expect(asked).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('is offered only with a runner and a session', async () => {
    const { tools } = await setUp();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['run_skill_script', 'read_scratch_file']),
    );
    const registry = createRegistry({
      sources: [createMemorySource({ scope: 'project', skills })],
    });
    const without = await createSkillTools({
      registry,
      policy: createPolicyContext(),
      scripts: { runner: fakeRunner().runner },
    });
    expect(without.map((tool) => tool.name)).not.toContain('run_skill_script');
  });
});

describe('read_scratch_file', () => {
  async function reader(files: Record<string, string | Uint8Array>, rules = allowRun) {
    const fake = fakeRunner(undefined, files);
    const set = await setUp({ rules, runner: fake.runner, scripts: { maxScratchFileBytes: 64 } });
    return { ...set, reads: fake.reads };
  }

  it("reads a file of the skill's scratch folder, masking its secrets", async () => {
    const { read, reads } = await reader({ 'out.json': '{"token":"tok-csv-0123456789"}' });
    const result = await read.execute({ skill: 'csv-tools', path: 'out.json' });
    expect(result).toMatchObject({
      ok: true,
      text: '{"token":"[secret CSV_TOKEN]"}',
      data: { skill: 'csv-tools', path: 'out.json', kind: 'text', size: 30, truncated: false },
    });
    expect(reads).toEqual(['csv-tools:out.json']);
  });

  it('caps a large file with a note, and masks a secret cut at the end', async () => {
    const { read } = await reader({ 'big.txt': `${'x'.repeat(50)}tok-csv-0123456789 and more` });
    const result = await read.execute({ skill: 'csv-tools', path: 'big.txt' });
    expect(textOf(result)).toBe(
      `${'x'.repeat(50)}[secret CSV_TOKEN, cut]\n… (truncated: showing 64 of 77 bytes)`,
    );
  });

  it('describes a binary file instead of showing it', async () => {
    const { read } = await reader({ 'image.png': new Uint8Array([137, 80, 78, 71, 0, 1]) });
    expect(textOf(await read.execute({ skill: 'csv-tools', path: 'image.png' }))).toBe(
      'image.png is a binary file (6 bytes); its content is not shown as text.',
    );
  });

  it('refuses paths outside the scratch folder, inactive skills and denied runs', async () => {
    const { read, reads } = await reader({});
    expect(await read.execute({ skill: 'csv-tools', path: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_skill_file_path' },
    });
    expect(await read.execute({ skill: 'trusted', path: 'out.json' })).toMatchObject({
      ok: false,
      error: { code: 'skill_not_active' },
    });
    const denied = await reader({ 'out.json': '{}' }, [
      { skill: 'csv-tools', surface: 'run', action: 'deny' },
    ]);
    expect(await denied.read.execute({ skill: 'csv-tools', path: 'out.json' })).toMatchObject({
      ok: false,
      error: { code: 'run_denied' },
    });
    expect([...reads, ...denied.reads]).toEqual([]);
  });

  it('reads without asking when the run itself needed approval', async () => {
    const { read } = await reader({ 'out.json': '{}' }, []);
    expect(await read.execute({ skill: 'csv-tools', path: 'out.json' })).toMatchObject({
      ok: true,
      text: '{}',
    });
  });
});

describe('capText', () => {
  it('keeps short text as it is', () => {
    expect(capText('short', 10)).toEqual({ text: 'short', cut: 0 });
  });
});
