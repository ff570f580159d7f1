import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPolicyContext, createRegistry, type PermissionRule } from '@skillset/core';
import {
  createFolderSource,
  createSkillScriptRunner,
  secretsFromEnvironment,
} from '@skillset/core/node';
import { checkSandbox, createTempDir, type TempDir, writeSkillTree } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentApprovalRequest } from './agent-approval.ts';
import { describeApprovalRequest } from './agent-approval.ts';
import type { AgentEvent } from './agent-event.ts';
import { createAgent } from './create-agent.ts';
import {
  createScriptedModel,
  type ScriptedCall,
  type ScriptedReply,
} from './test/scripted-model.ts';

const sandbox = await checkSandbox();
const skipReason = sandbox.available ? '' : ` (skipped: ${sandbox.reason})`;

const TOKEN = 'tok-report-5f0c2a9e';

/** Saves standard input to the file named by its argument, in the scratch folder. */
const SAVE_PY = `
import sys
with open(sys.argv[1], 'w') as file:
    file.write(sys.stdin.read())
print('saved', sys.argv[1])
`;

/** Turns a CSV file of the scratch folder into JSON; prints the token it was given. */
const CONVERT_PY = `
import csv, json, os, sys
source, target = sys.argv[1], sys.argv[2]
with open(source, newline='') as file:
    rows = list(csv.DictReader(file))
for row in rows:
    row['total'] = int(row['price']) * int(row['quantity'])
with open(target, 'w') as file:
    json.dump({'rows': rows, 'token': os.environ.get('CSV_REPORT_TOKEN', 'none')}, file)
print('converted', len(rows), 'rows with token', os.environ.get('CSV_REPORT_TOKEN', 'none'))
print('home is', os.environ.get('HOME'), file=sys.stderr)
`;

let skills: TempDir;
let scratch: TempDir;

beforeAll(async () => {
  skills = await createTempDir();
  scratch = await createTempDir();
  await writeSkillTree(skills.path, [
    {
      name: 'csv-report',
      description: 'Turns CSV order lists into JSON reports with totals.',
      fields: { requires: { env: ['CSV_REPORT_TOKEN'] } },
      body: 'Save the CSV with scripts/save.py, then run scripts/convert.py IN OUT.\n',
      files: { 'scripts/save.py': SAVE_PY, 'scripts/convert.py': CONVERT_PY },
    },
  ]);
});

afterAll(async () => {
  await skills[Symbol.asyncDispose]();
  await scratch[Symbol.asyncDispose]();
});

async function run(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

function setUp(
  script: Array<ScriptedReply | ((call: ScriptedCall) => ScriptedReply)>,
  options: { rules?: PermissionRule[]; approve?: (request: AgentApprovalRequest) => boolean } = {},
) {
  const { model, calls } = createScriptedModel(script);
  const registry = createRegistry({
    sources: [createFolderSource({ root: skills.path, scope: 'project', watch: false })],
  });
  const runner = createSkillScriptRunner({ scratchRoot: scratch.path });
  const asked: AgentApprovalRequest[] = [];
  const agent = createAgent({
    model,
    registry,
    policy: createPolicyContext({
      rules: options.rules ?? [],
      environment: { env: { CSV_REPORT_TOKEN: TOKEN } },
    }),
    scripts: {
      runner,
      secretsFor: secretsFromEnvironment({ CSV_REPORT_TOKEN: TOKEN, OTHER_SECRET: 'not-for-csv' }),
    },
    ...(options.approve === undefined
      ? {}
      : {
          approve: (request: AgentApprovalRequest) => {
            asked.push(request);
            return options.approve?.(request) ?? false;
          },
        }),
  });
  return { agent, calls, runner, registry, asked };
}

const CSV = 'item,price,quantity\napple,3,4\npear,5,2\n';

describe.skipIf(!sandbox.available)(`createAgent with skill scripts${skipReason}`, () => {
  it('activates a skill, runs its Python scripts on a scratch file in bubblewrap and reads the result', async () => {
    const { agent, calls, runner, registry, asked } = setUp(
      [
        { toolCalls: [{ toolName: 'use_skill', input: { skill: 'csv-report' } }] },
        {
          toolCalls: [
            {
              toolName: 'run_skill_script',
              input: {
                skill: 'csv-report',
                script: 'scripts/save.py',
                args: ['orders.csv'],
                stdin: CSV,
              },
            },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'run_skill_script',
              input: {
                skill: 'csv-report',
                script: 'scripts/convert.py',
                args: ['orders.csv', 'report.json'],
              },
            },
          ],
        },
        {
          toolCalls: [
            { toolName: 'read_scratch_file', input: { skill: 'csv-report', path: 'report.json' } },
          ],
        },
        { text: 'The report has 2 rows.' },
      ],
      { approve: () => true },
    );
    const events = await run(agent.send('Make a report of these orders'));
    expect(events.at(-1)).toEqual({ type: 'finish', text: 'The report has 2 rows.' });

    // Offered only once a skill is active.
    expect(calls[0]?.tools).not.toContain('run_skill_script');
    expect(calls[0]?.tools).not.toContain('read_scratch_file');
    expect(calls[1]?.tools).toEqual(
      expect.arrayContaining(['read_scratch_file', 'run_skill_script']),
    );

    // Each run was approved by a person (the default for `run`), shown with its arguments.
    expect(asked.map((request) => describeApprovalRequest(request))).toEqual([
      'Run scripts/save.py ["orders.csv"] of skill csv-report in the sandbox, with the secret CSV_REPORT_TOKEN?',
      'Run scripts/convert.py ["orders.csv","report.json"] of skill csv-report in the sandbox, with the secret CSV_REPORT_TOKEN?',
    ]);

    // The script really transformed the file in the session's scratch folder.
    const folder = runner.scratchDirOf('csv-report') as string;
    const report = JSON.parse(await readFile(join(folder, 'report.json'), 'utf8'));
    expect(report.rows).toEqual([
      { item: 'apple', price: '3', quantity: '4', total: 12 },
      { item: 'pear', price: '5', quantity: '2', total: 10 },
    ]);
    expect(report.token).toBe(TOKEN);

    // What the model read: the run's output and the file, with the secret masked.
    const afterConvert = calls[3]?.prompt ?? '';
    expect(afterConvert).toContain('scripts/convert.py of skill csv-report exited with code 0');
    expect(afterConvert).toContain('converted 2 rows with token [secret CSV_REPORT_TOKEN]');
    expect(afterConvert).toContain('home is /scratch');
    expect(afterConvert).toContain('- report.json (');
    const afterRead = calls[4]?.prompt ?? '';
    expect(afterRead).toContain('\\"total\\": 12');
    expect(afterRead).toContain('[secret CSV_REPORT_TOKEN]');
    for (const call of calls) expect(call.prompt).not.toContain(TOKEN);
    expect(JSON.stringify(agent.messages())).not.toContain(TOKEN);
    expect(JSON.stringify(events)).not.toContain(TOKEN);

    await runner.dispose();
    await registry.close();
  });

  it('runs without asking under an allow rule, and not at all under a deny rule', async () => {
    const convert = {
      toolName: 'run_skill_script',
      input: { skill: 'csv-report', script: 'scripts/save.py', args: ['x.csv'], stdin: 'a\n' },
    };
    const allowed = setUp(
      [
        { toolCalls: [{ toolName: 'use_skill', input: { skill: 'csv-report' } }] },
        { toolCalls: [convert] },
        { text: 'Saved.' },
      ],
      { rules: [{ skill: 'csv-report', surface: 'run', action: 'allow' }] },
    );
    await run(allowed.agent.send('save it'));
    expect(allowed.calls[2]?.prompt).toContain('saved x.csv');
    expect(allowed.asked).toEqual([]);
    await allowed.runner.dispose();

    const denied = setUp(
      [
        { toolCalls: [{ toolName: 'use_skill', input: { skill: 'csv-report' } }] },
        { toolCalls: [convert] },
        { text: 'Not allowed.' },
      ],
      { rules: [{ skill: 'csv-report', surface: 'run', action: 'deny' }], approve: () => true },
    );
    const events = await run(denied.agent.send('save it'));
    expect(denied.calls[2]?.prompt).toContain(
      'Running the scripts of skill \\"csv-report\\" is not allowed here: a permission rule denies it',
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-result', toolName: 'run_skill_script', isError: true }),
    );
    expect(denied.asked).toEqual([]);
    expect(denied.runner.scratchDirOf('csv-report')).toBeUndefined();
  });
});
