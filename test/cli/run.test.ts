import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createTempDir, DEFAULT_SANDBOX_LIMITS, type SkillTreeEntry } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { type CliProject, createCliProject } from './create-cli-project.ts';

/** A skill a person might install: it turns a CSV file into JSON, with the Python standard library. */
const CONVERT_PY = `
import csv, json, sys
source, target = sys.argv[1], sys.argv[2]
with open(source, newline='') as file:
    rows = list(csv.DictReader(file))
with open(target, 'w') as file:
    json.dump(rows, file)
print('converted', len(rows), 'rows')
`;

const SKILLS: SkillTreeEntry[] = [
  {
    name: 'csv-to-json',
    description: 'Converts CSV files to JSON. Use when the user has a .csv file.',
    files: {
      'scripts/convert.py': CONVERT_PY,
      'scripts/shout.py': 'import sys\nsys.stdout.write(sys.stdin.read().upper())\n',
      'scripts/args.py': 'import sys\nprint(sys.argv[1:])\n',
      'scripts/fails.sh': 'echo "bad input" >&2\nexit 3\n',
      'scripts/sleep.sh': 'sleep 30\n',
      'scripts/marker.sh': 'echo ran > ran.txt\necho ran\n',
      'scripts/link.sh': 'ln -s /etc/passwd passwd.txt\necho ok > out.txt\n',
    },
  },
  {
    name: 'weather',
    description: 'Looks up the weather with an API key.',
    fields: { requires: { env: ['WEATHER_KEY', 'WEATHER_UNITS'], network: true } },
    files: {
      'scripts/env.py': `
import os
print(sorted(os.environ))
print(os.environ['WEATHER_KEY'], os.environ['WEATHER_UNITS'])
`,
      'scripts/connect.py': `
import socket, sys
try:
    socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=2).close()
    print('connected')
except OSError as error:
    print('refused')
`,
    },
  },
];

let cache: Awaited<ReturnType<typeof createTempDir>>;
let cli: CliProject;
let env: Record<string, string>;

beforeAll(async () => {
  cache = await createTempDir();
  cli = await createCliProject({ skills: SKILLS, cacheDir: cache.path });
  env = cli.env;
  const skill = path.join(cli.project, '.agents/skills/csv-to-json');
  await symlink('../../weather/scripts/env.py', path.join(skill, 'scripts/weather.py'));
});

afterAll(async () => {
  await cli[Symbol.asyncDispose]();
  await cache[Symbol.asyncDispose]();
});

const run = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  spawnSkillset(['run', ...args], {
    cwd: cli.project,
    env: { ...env, ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
  });

describe('skillset run', () => {
  it('runs a Python script that turns a CSV file in the scratch folder into JSON', async () => {
    const scratch = path.join(cli.project, 'work');
    await mkdir(scratch);
    await writeFile(path.join(scratch, 'people.csv'), 'name,role\nAda,engineer\n');
    const result = await run([
      'csv-to-json',
      'scripts/convert.py',
      '--scratch',
      'work',
      'people.csv',
      'people.json',
    ]);
    expect(result).toMatchObject({ exitCode: 0, stdout: 'converted 1 rows\n' });
    expect(result.stderr).toBe(
      `skillset: the scratch folder ${scratch} holds:\n  people.csv (23 bytes)\n  people.json (37 bytes)\n`,
    );
    expect(JSON.parse(await readFile(path.join(scratch, 'people.json'), 'utf8'))).toEqual([
      { name: 'Ada', role: 'engineer' },
    ]);
  });

  it('uses a new temporary scratch folder by default, and says where', async () => {
    const result = await run(['csv-to-json', 'scripts/marker.sh']);
    expect(result.exitCode).toBe(0);
    const folder = /the scratch folder (\S+) holds/.exec(result.stderr)?.[1] ?? '';
    expect(path.basename(folder)).toMatch(/^skillset-run-/);
    expect(await readFile(path.join(folder, 'ran.txt'), 'utf8')).toBe('ran\n');
    await rm(folder, { recursive: true });
  });

  it('names the links a script left in the scratch folder, apart from its files', async () => {
    const scratch = path.join(cli.project, 'links');
    const result = await run(['csv-to-json', 'scripts/link.sh', '--scratch', 'links']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe(
      `skillset: the scratch folder ${scratch} holds:\n  out.txt (3 bytes)\n` +
        'skillset: warning: the scratch folder holds symbolic links, which are not files the script wrote and which Skillset never follows; do not open them:\n' +
        '  "passwd.txt" -> "/etc/passwd"\n',
    );
  });

  it("passes the script's options after --, and stdin with --stdin", async () => {
    const args = await run(['csv-to-json', 'scripts/args.py', '--', '--verbose', 'x']);
    expect(args.stdout).toContain("['--verbose', 'x']");
    const shout = await run(['csv-to-json', 'scripts/shout.py', '--stdin'], { input: 'quiet\n' });
    expect(shout.stdout).toBe('QUIET\n');
    const closed = await run(['csv-to-json', 'scripts/shout.py'], { input: 'unread' });
    expect(closed.stdout).toBe('');
  });

  it("exits with the script's code and prints its stderr", async () => {
    const result = await run(['csv-to-json', 'scripts/fails.sh']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^bad input\n/);
  });

  it('exits 124 when the script passes --timeout', async () => {
    const result = await run(['csv-to-json', 'scripts/sleep.sh', '--timeout', '1']);
    expect(result.exitCode).toBe(124);
    expect(result.stderr).toContain('[skillset: stopped at the time limit of 1000 ms]');
  });

  it('gives the script only the variables the skill declares, from the environment', async () => {
    const result = await run(['weather', 'scripts/env.py'], {
      env: { WEATHER_KEY: 'k-123456', WEATHER_UNITS: 'metric', OTHER_SECRET: 'nope' },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      "['HOME', 'LANG', 'PATH', 'PWD', 'WEATHER_KEY', 'WEATHER_UNITS']\nk-123456 metric\n",
    );
  });

  it('refuses to run when a declared variable is unset, naming it', async () => {
    const result = await run(['weather', 'scripts/env.py'], { env: { WEATHER_UNITS: 'metric' } });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      'skillset: weather needs the environment variable WEATHER_KEY (requires.env); set it and run again. Its scripts get only the variables the skill declares.\n',
    );
  });

  it('grants --network only to a skill that declares requires.network', async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((server.address() as { port: number }).port);
      const weather = { WEATHER_KEY: 'k-123456', WEATHER_UNITS: 'metric' };
      const granted = await run(['weather', 'scripts/connect.py', '--network', port], {
        env: weather,
      });
      expect(granted.stdout).toBe('connected\n');
      const withheld = await run(['weather', 'scripts/connect.py', port], { env: weather });
      expect(withheld.stdout).toBe('refused\n');
      const refused = await run(['csv-to-json', 'scripts/args.py', '--network']);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toBe(
        "skillset: --network refused: csv-to-json does not declare that its scripts need the network. Its author can add 'requires: { network: true }' to its SKILL.md.\n",
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses without bubblewrap, says how to install it, and runs nothing', async () => {
    const scratch = path.join(cli.project, 'no-bwrap');
    const result = await run(['csv-to-json', 'scripts/marker.sh', '--scratch', 'no-bwrap'], {
      env: { SKILLSET_BWRAP: '/nonexistent/bwrap' },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      'skillset: Cannot run scripts/marker.sh in a sandbox: bubblewrap was set to /nonexistent/bwrap (SKILLSET_BWRAP), which is not an executable; install it: apt-get install bubblewrap (Debian, Ubuntu) or dnf install bubblewrap, or point SKILLSET_BWRAP at it.\n' +
        'To run it anyway, with no protection at all: --dangerously-run-unsandboxed\n',
    );
    expect(existsSync(path.join(scratch, 'ran.txt'))).toBe(false);
  });

  it('runs without the sandbox only with --dangerously-run-unsandboxed, warning loudly', async () => {
    const result = await run(
      ['csv-to-json', 'scripts/marker.sh', '--scratch', 'loose', '--dangerously-run-unsandboxed'],
      { env: { SKILLSET_BWRAP: '/nonexistent/bwrap' } },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('ran\n');
    expect(result.stderr).toMatch(
      /^WARNING: running scripts\/marker.sh of csv-to-json WITHOUT A SANDBOX.\nIt can read, change and send anything your user can/,
    );
  });

  it('reports an unknown skill, an unknown script and a script outside the skill', async () => {
    const skill = await run(['csv-to-jsn', 'scripts/convert.py']);
    expect(skill).toMatchObject({
      exitCode: 1,
      stderr: "skillset: no skill named 'csv-to-jsn'. Did you mean: csv-to-json?\n",
    });
    const script = await run(['csv-to-json', 'scripts/convrt.py']);
    expect(script.exitCode).toBe(1);
    expect(script.stderr).toContain(
      'Its scripts: scripts/args.py, scripts/convert.py, scripts/fails.sh, scripts/link.sh, scripts/marker.sh, scripts/shout.py, scripts/sleep.sh.',
    );
    const outside = await run(['csv-to-json', 'scripts/weather.py']);
    expect(outside.exitCode).toBe(1);
    expect(outside.stderr).toContain(
      `it is a symbolic link to ${path.join(cli.project, '.agents/skills/weather/scripts/env.py')}, outside the skill`,
    );
    const parent = await run(['csv-to-json', '../weather/scripts/env.py']);
    expect(parent.stderr).toContain('it contains ".."');
  });

  it('refuses, running nothing, a skill that skillset.json denies or that requireSigned leaves out', async () => {
    const config = path.join(cli.project, 'skillset.json');
    const scratch = path.join(cli.project, 'refused');
    try {
      await writeFile(
        config,
        JSON.stringify({ rules: [{ skill: 'csv-to-json', surface: 'run', action: 'deny' }] }),
      );
      const denied = await run(['csv-to-json', 'scripts/marker.sh', '--scratch', 'refused']);
      expect(denied).toMatchObject({ exitCode: 1, stdout: '' });
      expect(denied.stderr).toBe(
        `skillset: not allowed to run the scripts of csv-to-json: Rule: deny "csv-to-json" for * on "run". Policy read from: ${config}\n`,
      );
      await writeFile(config, JSON.stringify({ requireSigned: true }));
      const unsigned = await run(['csv-to-json', 'scripts/marker.sh', '--scratch', 'refused']);
      expect(unsigned.exitCode).toBe(1);
      expect(unsigned.stderr).toBe(
        `skillset: not allowed to run the scripts of csv-to-json: "csv-to-json" is not signed (it has no SKILL.sig), and the policy requires signed skills; sign it with: skillset sign csv-to-json --key <ssh key>. Policy read from: ${config}\n`,
      );
      expect(existsSync(path.join(scratch, 'ran.txt'))).toBe(false);
      // The person typing the command approves the default `ask` of running scripts.
      await writeFile(config, JSON.stringify({ rules: [] }));
      const asked = await run(['csv-to-json', 'scripts/marker.sh', '--scratch', 'refused']);
      expect(asked).toMatchObject({ exitCode: 0, stdout: 'ran\n' });
    } finally {
      await rm(config, { force: true });
    }
  });

  it("shows the sandbox's default limits in its help", async () => {
    const help = await spawnSkillset(['run', '--help'], { cwd: cli.project, env });
    expect(help.stdout).toContain(`(default: ${DEFAULT_SANDBOX_LIMITS.wallMs / 1000})`);
    expect(help.stdout).toContain(`(default: ${DEFAULT_SANDBOX_LIMITS.outputBytes})`);
    expect(help.stdout).toContain('--dangerously-run-unsandboxed');
  });
});
