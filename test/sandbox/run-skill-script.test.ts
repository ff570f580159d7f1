import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SkillsetError } from '@skillset/core';
import { runSkillScript } from '@skillset/core/node';
import {
  checkSandbox,
  createTempDir,
  maskSecrets,
  type SkillScriptRun,
  type TempDir,
  writeSkillTree,
} from '@skillset/core/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

/** The scripts of the skill under attack; each prints what it managed to do. */
const SCRIPTS: Record<string, string> = {
  // Tries to read each path given; prints `path: <content or error>`.
  'scripts/read.py': `
import os, sys
for target in sys.argv[1:]:
    try:
        if os.path.isdir(target):
            print(target + ': listed ' + ','.join(sorted(os.listdir(target))))
        else:
            with open(os.path.expanduser(target)) as file:
                print(target + ': read ' + file.read().strip())
    except OSError as error:
        print(target + ': ' + type(error).__name__)
`,
  // Tries to write each path given; prints `path: wrote` or the error.
  'scripts/write.py': `
import sys
for target in sys.argv[1:]:
    try:
        with open(target, 'w') as file:
            file.write('written by the sandboxed script')
        print(target + ': wrote')
    except OSError as error:
        print(target + ': ' + type(error).__name__)
`,
  'scripts/connect.py': `
import socket, sys
try:
    connection = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=2)
    connection.sendall(b'hello from the sandbox')
    connection.close()
    print('connected')
except OSError as error:
    print('refused: ' + type(error).__name__)
`,
  // Forks children that sleep until far past the test, counting how many the limit let through.
  'scripts/fork.py': `
import os, sys, time
started = 0
refused = 0
for _ in range(300):
    try:
        if os.fork() == 0:
            time.sleep(120)
            os._exit(0)
        started += 1
    except OSError:
        refused += 1
print('started', started, 'refused', refused, flush=True)
`,
  // Tries to make a user namespace (uid 0 inside it) or enter another namespace; prints the errors.
  'scripts/userns.py': `
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
for name, call in [
    ('unshare', lambda: libc.unshare(0x10000000)),
    ('setns', lambda: libc.setns(-1, 0)),
    ('clone3', lambda: libc.syscall(435, None, 0)),
]:
    ctypes.set_errno(0)
    result = call()
    print(name, 'succeeded' if result >= 0 else errno.errorcode[ctypes.get_errno()])
print('uid', os.getuid())
`,
  'scripts/userns.sh': 'unshare -Ur id -u || echo "unshare refused"\n',
  'scripts/loop.py': 'while True:\n    pass\n',
  // Says it started (a file in its scratch folder), then runs until stopped.
  'scripts/started-loop.py': "open('/scratch/started', 'w').close()\nwhile True:\n    pass\n",
  'scripts/flood.py': `
import sys
chunk = b'x' * (1024 * 1024)
for _ in range(100):
    sys.stdout.buffer.write(chunk)
sys.stdout.buffer.flush()
print('done', file=sys.stderr)
`,
  'scripts/memory.py': `
try:
    hoard = bytearray(1024 * 1024 * 1024)
    print('allocated', len(hoard))
except MemoryError:
    print('MemoryError')
`,
  'scripts/env.py': `
import os, sys
print(' '.join(sorted(os.environ)))
print(os.environ.get(sys.argv[1], '(unset)'))
`,
  'scripts/echo.py': 'import sys\nsys.stdout.write(sys.stdin.read().upper())\n',
  'scripts/whoami.sh': 'echo "$(pwd) $HOME"\nls /\n',
  'scripts/fails.sh': 'echo "to stderr" >&2\nexit 3\n',
  'scripts/notes.txt': 'not a script',
  'scripts/hello.mjs': "console.log('hello from', process.cwd());\n",
  'scripts/tool': '#!/bin/sh\necho "shebang ran in $(pwd)"\n',
  'scripts/plain': '#!/bin/sh\necho never\n',
};

/** A real skill task: turn scratch/people.csv into scratch/out/people.json. */
const TRANSFORM_PY = `
import csv, json, os, sys
source, target = sys.argv[1], sys.argv[2]
with open(source, newline='') as file:
    rows = list(csv.DictReader(file))
os.makedirs(os.path.dirname(target), exist_ok=True)
with open(target, 'w') as file:
    json.dump(rows, file, indent=2)
print('wrote', len(rows), 'rows to', target)
`;

let dir: TempDir;
let skills: string;
let skillDir: string;
let otherSkill: string;
let fakeHome: string;

beforeAll(async () => {
  dir = await createTempDir();
  skills = path.join(dir.path, 'skills');
  fakeHome = path.join(dir.path, 'home');
  await mkdir(path.join(fakeHome, '.ssh'), { recursive: true });
  await writeFile(path.join(fakeHome, '.ssh', 'id_rsa'), 'FAKE PRIVATE KEY');
  [skillDir, otherSkill] = (await writeSkillTree(skills, [
    {
      name: 'tool',
      description: 'A skill whose scripts try to escape.',
      files: { ...SCRIPTS, 'scripts/transform.py': TRANSFORM_PY },
    },
    {
      name: 'other',
      description: 'Another skill, with something to steal.',
      files: { 'secret.txt': 'OTHER SKILL SECRET', 'scripts/evil.py': 'print("evil ran")\n' },
    },
  ])) as [string, string];
  await symlink(path.join(otherSkill, 'scripts', 'evil.py'), path.join(skillDir, 'scripts/out.py'));
  await symlink('../../other/scripts/evil.py', path.join(skillDir, 'scripts/relative-out.py'));
  await symlink('read.py', path.join(skillDir, 'scripts/alias.py'));
  await chmod(path.join(skillDir, 'scripts/tool'), 0o755);
});

afterAll(async () => {
  await dir[Symbol.asyncDispose]();
});

function scratch(): string {
  return path.join(dir.path, 'scratch', randomUUID());
}

async function run(script: string, options: Partial<SkillScriptRun> = {}) {
  return runSkillScript({ skillDir, script, scratchDir: scratch(), ...options });
}

async function refusal(promise: Promise<unknown>): Promise<SkillsetError<string>> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!SkillsetError.isInstance(error)) throw new Error(`expected a SkillsetError, got ${error}`);
  return error;
}

describe('runSkillScript in bubblewrap', () => {
  it('has a sandbox on this machine (bubblewrap installed, namespaces allowed)', async () => {
    expect(await checkSandbox()).toEqual({ available: true });
  });

  it('runs with the skill at /skill, the scratch folder as cwd and HOME, and nothing else of the host', async () => {
    const result = await run('scripts/whoami.sh');
    expect(result).toMatchObject({ exitCode: 0, sandbox: 'bubblewrap', timedOut: false });
    const [where, ...root] = result.stdout.trim().split('\n');
    expect(where).toBe('/scratch /scratch');
    expect(root).not.toContain('home');
    expect(root).not.toContain('root');
    expect(root).toEqual(expect.arrayContaining(['scratch', 'skill', 'tmp', 'usr']));
  });

  it("cannot read ~/.ssh: neither the host's HOME nor a home folder named by its path", async () => {
    const result = await run('scripts/read.py', {
      args: ['~/.ssh/id_rsa', path.join(fakeHome, '.ssh', 'id_rsa'), path.join(homedir(), '.ssh')],
    });
    expect(result.stdout).not.toContain('FAKE PRIVATE KEY');
    expect(result.stdout.trim().split('\n')).toEqual([
      '~/.ssh/id_rsa: FileNotFoundError',
      `${path.join(fakeHome, '.ssh', 'id_rsa')}: FileNotFoundError`,
      `${path.join(homedir(), '.ssh')}: FileNotFoundError`,
    ]);
  });

  it("cannot see another skill's folder, by its path or next to /skill", async () => {
    const result = await run('scripts/read.py', {
      args: [path.join(otherSkill, 'secret.txt'), '/skill/../other/secret.txt', skills, '/'],
    });
    expect(result.stdout).not.toContain('OTHER SKILL SECRET');
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `${path.join(otherSkill, 'secret.txt')}: FileNotFoundError`,
      '/skill/../other/secret.txt: FileNotFoundError',
      `${skills}: FileNotFoundError`,
    ]);
    expect(lines[3]).not.toMatch(/other|tool|skills/);
  });

  it('cannot write outside its scratch folder; the host files stay as they were', async () => {
    const hostFile = path.join(dir.path, 'host-file.txt');
    await writeFile(hostFile, 'original');
    const marker = `skillset-sandbox-marker-${randomUUID()}`;
    const scratchDir = scratch();
    const result = await runSkillScript({
      skillDir,
      script: 'scripts/write.py',
      scratchDir,
      args: [
        '/skill/scripts/read.py',
        '/skill/new.txt',
        hostFile,
        `/tmp/${marker}`,
        '/usr/bin/python3',
        '/usr/new.txt',
        '/etc/passwd',
        '/new.txt',
        '/scratch/allowed.txt',
      ],
    });
    const outcome = Object.fromEntries(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(': ')),
    );
    expect(outcome).toEqual({
      '/skill/scripts/read.py': 'OSError',
      '/skill/new.txt': 'OSError',
      [hostFile]: 'FileNotFoundError',
      // The script's own /tmp, gone with it.
      [`/tmp/${marker}`]: 'wrote',
      '/usr/bin/python3': 'OSError',
      '/usr/new.txt': 'OSError',
      '/etc/passwd': expect.stringMatching(/Error$/),
      '/new.txt': expect.stringMatching(/Error$/),
      '/scratch/allowed.txt': 'wrote',
    });
    expect(await readFile(hostFile, 'utf8')).toBe('original');
    expect(await readFile(path.join(skillDir, 'scripts/read.py'), 'utf8')).toBe(
      SCRIPTS['scripts/read.py'],
    );
    expect(existsSync(path.join(skillDir, 'new.txt'))).toBe(false);
    expect(existsSync(path.join(tmpdir(), marker))).toBe(false);
    expect(existsSync('/usr/new.txt')).toBe(false);
    expect(result.files).toEqual([{ path: 'allowed.txt', size: 31 }]);
  });

  it('refuses a script that is a symlink out of the skill, before running anything', async () => {
    for (const script of ['scripts/out.py', 'scripts/relative-out.py']) {
      const error = await refusal(run(script));
      expect(error.code).toBe('script_outside_skill');
      expect(error.message).toContain('symbolic link');
      expect(error.message).toContain(path.join(otherSkill, 'scripts', 'evil.py'));
    }
    expect((await run('scripts/alias.py', { args: ['/skill/SKILL.md'] })).stdout).toContain(
      'read ---',
    );
  });

  it('refuses "..", absolute paths, missing files and files it cannot run, with what to do', async () => {
    const outside = await refusal(run('../other/scripts/evil.py'));
    expect(outside.code).toBe('script_outside_skill');
    expect(outside.message).toMatchInlineSnapshot(
      `"Refusing to run "../other/scripts/evil.py": it contains "..". Name a file inside the skill folder ${skillDir}, e.g. scripts/convert.py."`,
    );
    const absolute = await refusal(run(path.join(otherSkill, 'scripts', 'evil.py')));
    expect(absolute.code).toBe('script_outside_skill');
    const missing = await refusal(run('scripts/nope.py'));
    expect(missing.code).toBe('script_not_found');
    expect(missing.message).toContain('No script "scripts/nope.py" in the skill folder');
    const text = await refusal(run('scripts/notes.txt'));
    expect(text.code).toBe('script_not_runnable');
    expect(text.message).toMatchInlineSnapshot(
      `"Cannot run scripts/notes.txt: it has no known extension and no #! line. Skillset runs .py with python3, .sh with bash, .js/.mjs/.cjs with node, and other files by their #! line when they are executable."`,
    );
  });

  it.runIf(existsSync('/usr/bin/node') || existsSync('/usr/local/bin/node'))(
    "runs .mjs with the system's node",
    async () => {
      expect((await run('scripts/hello.mjs')).stdout).toBe('hello from /scratch\n');
    },
  );

  it('runs an executable file by its #! line, and refuses one that is not executable', async () => {
    expect((await run('scripts/tool')).stdout).toBe('shebang ran in /scratch\n');
    const error = await refusal(run('scripts/plain'));
    expect(error.code).toBe('script_not_runnable');
    expect(error.message).toContain(
      'it has a #! line but is not executable (chmod +x scripts/plain)',
    );
  });

  it('runs two scripts at once in one scratch folder', async () => {
    const scratchDir = scratch();
    const [first, second] = await Promise.all(
      ['/scratch/a.txt', '/scratch/b.txt'].map((target) =>
        runSkillScript({ skillDir, script: 'scripts/write.py', args: [target], scratchDir }),
      ),
    );
    expect([first?.stdout, second?.stdout]).toEqual([
      '/scratch/a.txt: wrote\n',
      '/scratch/b.txt: wrote\n',
    ]);
    expect((await readdir(scratchDir)).sort()).toEqual(['a.txt', 'b.txt']);
  });

  describe('a loopback listener on the host', () => {
    let server: Server;
    let port: number;
    /** What each connection sent, in the order they were accepted. */
    const received: string[] = [];

    beforeAll(async () => {
      server = createServer((socket) => {
        const index = received.push('') - 1;
        socket.setEncoding('utf8').on('data', (data: string) => {
          received[index] += data;
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    beforeEach(() => {
      received.length = 0;
    });

    it('is out of reach without the network grant', async () => {
      const result = await run('scripts/connect.py', { args: [String(port)] });
      expect(result.stdout.trim()).toMatch(/^refused: (ConnectionRefusedError|OSError)$/);
      // A connection with the grant, made after it, is the only one the listener ever accepts.
      const granted = await run('scripts/connect.py', { args: [String(port)], network: true });
      expect(granted.stdout.trim()).toBe('connected');
      await expect.poll(() => received).toEqual(['hello from the sandbox']);
    });

    it('is reachable with network: true', async () => {
      const result = await run('scripts/connect.py', { args: [String(port)], network: true });
      expect(result.stdout.trim()).toBe('connected');
      await expect.poll(() => received).toEqual(['hello from the sandbox']);
    });
  });

  it('cannot make a user namespace, where it would be uid 0, nor enter another namespace', async () => {
    const shell = await run('scripts/userns.sh');
    expect(shell.stdout).toBe('unshare refused\n');
    expect(shell.stderr).toContain('Operation not permitted');
    const calls = await run('scripts/userns.py');
    expect(calls.stdout).toMatch(/^unshare EPERM\nsetns EPERM\nclone3 ENOSYS\nuid \d+\n$/);
    expect(calls.stdout).not.toContain('uid 0');
  });

  it('contains a fork bomb: the process limit holds, and nothing outlives the run', async () => {
    const marker = `fork-bomb-${randomUUID()}`;
    const result = await run('scripts/fork.py', {
      args: [marker],
      limits: { processes: 16, wallMs: 10_000 },
    });
    const [, started, , refused] = result.stdout.trim().split(' ').map(Number);
    expect(started).toBeLessThan(16);
    expect(refused).toBeGreaterThan(280);
    expect(result.timedOut).toBe(false);
    // The children sleep for two minutes; the sandbox ended them with the script.
    const survivors: string[] = [];
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (commandLine.includes(marker)) survivors.push(pid);
    }
    expect(survivors).toEqual([]);
  });

  it('kills `while True: pass` at the time limit', async () => {
    const result = await run('scripts/loop.py', { limits: { wallMs: 1000 } });
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL' });
    expect(result.durationMs).toBeGreaterThanOrEqual(1000);
    expect(result.stderr).toContain('[skillset: stopped at the time limit of 1000 ms]');
  });

  it('stops a script at the CPU limit', async () => {
    const result = await run('scripts/loop.py', { limits: { cpuSeconds: 1, wallMs: 20_000 } });
    expect(result).toMatchObject({ timedOut: false, signal: 'SIGXCPU' });
    expect(result.stderr).toContain('[skillset: stopped at the CPU limit of 1 s]');
  });

  it('refuses memory past the limit', async () => {
    const result = await run('scripts/memory.py', { limits: { memoryBytes: 256 * 1024 * 1024 } });
    expect(result.stdout.trim()).toBe('MemoryError');
  });

  it('keeps the first bytes of 100 MB of output, drains the rest, and says so', async () => {
    const before = process.memoryUsage().rss;
    const result = await run('scripts/flood.py', { limits: { outputBytes: 64 * 1024 } });
    expect(result.exitCode).toBe(0);
    expect(result.stdoutTruncated).toBe(true);
    expect(result.stderrTruncated).toBe(false);
    expect(result.stdout.startsWith('x'.repeat(64 * 1024))).toBe(true);
    expect(result.stdout.slice(64 * 1024)).toBe(
      '\n[skillset: stdout cut at 65536 bytes; the script wrote 104857600 bytes and the rest was discarded]\n',
    );
    expect(result.stderr).toBe('done\n');
    // Keeping it all would cost over 300 MB (the chunks, their concatenation and the string).
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('passes only the given variables; a secret it prints is masked by maskSecrets', async () => {
    process.env.SKILLSET_TEST_HOST_ONLY = 'host-value';
    try {
      const secret = 'sk-test-0123456789abcdef';
      const result = await run('scripts/env.py', {
        args: ['API_TOKEN'],
        env: { API_TOKEN: secret },
      });
      expect(result.stdout).toBe(`API_TOKEN HOME LANG PATH PWD\n${secret}\n`);
      const masked = maskSecrets(result.stdout, { API_TOKEN: secret });
      expect(masked).toBe('API_TOKEN HOME LANG PATH PWD\n[secret API_TOKEN]\n');
      expect(masked).not.toContain(secret);
    } finally {
      delete process.env.SKILLSET_TEST_HOST_ONLY;
    }
  });

  it('passes stdin through', async () => {
    const result = await run('scripts/echo.py', { stdin: 'hello sandbox\n' });
    expect(result.stdout).toBe('HELLO SANDBOX\n');
  });

  it('returns a failing exit code and stderr as they are', async () => {
    const result = await run('scripts/fails.sh');
    expect(result).toMatchObject({ exitCode: 3, signal: null, stdout: '', stderr: 'to stderr\n' });
  });

  it('transforms a file in the scratch folder, which keeps it for the next run', async () => {
    const scratchDir = scratch();
    await mkdir(scratchDir, { recursive: true });
    await writeFile(
      path.join(scratchDir, 'people.csv'),
      'name,role\nAda,engineer\nGrace,admiral\n',
    );
    const result = await runSkillScript({
      skillDir,
      script: 'scripts/transform.py',
      args: ['people.csv', 'out/people.json'],
      scratchDir,
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'wrote 2 rows to out/people.json\n' });
    expect(result.files).toEqual([
      { path: 'out/people.json', size: expect.any(Number) },
      { path: 'people.csv', size: 37 },
    ]);
    expect(JSON.parse(await readFile(path.join(scratchDir, 'out/people.json'), 'utf8'))).toEqual([
      { name: 'Ada', role: 'engineer' },
      { name: 'Grace', role: 'admiral' },
    ]);
    // Files the script wrote belong to whoever owns the scratch folder, never to the sandbox's uid.
    expect((await stat(path.join(scratchDir, 'out/people.json'))).uid).toBe(process.getuid?.());
    const again = await runSkillScript({
      skillDir,
      script: 'scripts/read.py',
      args: ['out/people.json'],
      scratchDir,
    });
    expect(again.stdout).toContain('"name": "Grace"');
  });
});

describe('maskSecrets', () => {
  it('masks every occurrence, the longer of two overlapping secrets first, and skips short ones', () => {
    expect(
      maskSecrets('key=abcd1234, again abcd1234, part abcd, pin 123', {
        LONG: 'abcd1234',
        SHORT: 'abcd',
        PIN: '123',
        EMPTY: '',
      }),
    ).toBe('key=[secret LONG], again [secret LONG], part [secret SHORT], pin 123');
  });

  it('treats a secret as text, not as a pattern, and never masks inside a replacement', () => {
    expect(maskSecrets('a.b*c and secret', { DOTS: 'a.b*c', WORD: 'secret' })).toBe(
      '[secret DOTS] and [secret WORD]',
    );
  });
});

describe('runSkillScript refusals', () => {
  it('refuses when bubblewrap is missing, and says how to install it', async () => {
    const scratchDir = scratch();
    const error = await refusal(
      runSkillScript({
        skillDir,
        script: 'scripts/echo.py',
        scratchDir,
        bwrap: '/nonexistent/bwrap',
      }),
    );
    expect(error.code).toBe('sandbox_unavailable');
    expect(error.message).toMatchInlineSnapshot(
      `"Cannot run scripts/echo.py in a sandbox: bubblewrap was set to /nonexistent/bwrap (SKILLSET_BWRAP), which is not an executable; install it: apt-get install bubblewrap (Debian, Ubuntu) or dnf install bubblewrap, or point SKILLSET_BWRAP at it."`,
    );
    expect(await checkSandbox({ bwrap: '/nonexistent/bwrap' })).toMatchObject({
      available: false,
    });
  });

  it('refuses a bubblewrap that cannot make a sandbox, with what it said', async () => {
    const fake = path.join(dir.path, 'fake-bwrap');
    await writeFile(
      fake,
      '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n',
      {
        mode: 0o755,
      },
    );
    const check = await checkSandbox({ bwrap: fake });
    expect(check).toEqual({
      available: false,
      reason: `bubblewrap (${fake}) cannot make a sandbox here: bwrap: No permissions to create new namespace`,
    });
  });

  it('refuses variables it cannot pass and limits that are not positive whole numbers', async () => {
    const scratchDir = scratch();
    const base = { skillDir, script: 'scripts/echo.py', scratchDir };
    const badName = await refusal(runSkillScript({ ...base, env: { 'A-B': 'x' } }));
    expect(badName.code).toBe('invalid_script_run');
    const path_ = await refusal(runSkillScript({ ...base, env: { PATH: '/evil' } }));
    expect(path_.message).toContain('not PATH, HOME or LANG');
    const limit = await refusal(runSkillScript({ ...base, limits: { wallMs: 0 } }));
    expect(limit.message).toBe('Sandbox limit wallMs must be a positive whole number, not 0.');
  });

  it('stops the run when the caller aborts', async () => {
    const scratchDir = scratch();
    const controller = new AbortController();
    const running = run('scripts/started-loop.py', { scratchDir, signal: controller.signal });
    // Cancelled mid-run: once the script has said it started.
    await expect
      .poll(() => existsSync(path.join(scratchDir, 'started')), { timeout: 10_000 })
      .toBe(true);
    controller.abort(new Error('the user cancelled'));
    await expect(running).rejects.toThrow('the user cancelled');
  });
});

describe('runSkillScript unsandboxed', () => {
  it('runs the script directly when asked, with the same environment rules', async () => {
    const scratchDir = scratch();
    const result = await runSkillScript({
      skillDir,
      script: 'scripts/env.py',
      args: ['API_TOKEN'],
      env: { API_TOKEN: 'value' },
      scratchDir,
      unsandboxed: true,
    });
    expect(result).toMatchObject({ sandbox: 'none', exitCode: 0 });
    expect(result.stdout).toBe('API_TOKEN HOME LANG PATH\nvalue\n');
  });
});

/** Whether nobody can start this Node on the repository's sources: not in a checkout inside a private (0700) folder. */
function nobodyCanRunTheSources(): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/setpriv')) return false;
  const probe = spawnSync(
    '/usr/bin/setpriv',
    [
      '--reuid=65534',
      '--regid=65534',
      '--clear-groups',
      process.execPath,
      '--import',
      './scripts/source-hooks.js',
      '-e',
      '0',
    ],
    { cwd: repoRoot, env: { PATH: process.env.PATH ?? '' }, stdio: 'ignore' },
  );
  return probe.status === 0;
}

// As root the sandbox drops to a fresh uid itself; people run Skillset as themselves, where bwrap
// makes a user namespace instead. This runs that path too, as nobody, where nobody can reach the checkout.
describe.runIf(nobodyCanRunTheSources())('runSkillScript started by an unprivileged user', () => {
  it('keeps the same walls and limits', async () => {
    await chmod(dir.path, 0o755);
    const scratchDir = path.join(dir.path, 'nobody-scratch');
    await mkdir(scratchDir);
    await chown(scratchDir, 65534, 65534);
    const marker = `fork-bomb-${randomUUID()}`;
    const driver = `
      import { runSkillScript } from '@skillset/core/node';
      const base = { skillDir: ${JSON.stringify(skillDir)}, scratchDir: ${JSON.stringify(scratchDir)} };
      const results = {};
      for (const [name, script, args, limits] of [
        ['whoami', 'scripts/whoami.sh', [], {}],
        ['read', 'scripts/read.py', ['~/.ssh/id_rsa', ${JSON.stringify(path.join(otherSkill, 'secret.txt'))}], {}],
        ['write', 'scripts/write.py', ['/skill/new.txt', '/scratch/ok.txt'], {}],
        ['fork', 'scripts/fork.py', [${JSON.stringify(marker)}], { processes: 16 }],
        ['loop', 'scripts/loop.py', [], { wallMs: 500 }],
        ['userns', 'scripts/userns.sh', [], {}],
      ]) {
        const result = await runSkillScript({ ...base, script, args, limits });
        results[name] = { stdout: result.stdout, timedOut: result.timedOut, sandbox: result.sandbox };
      }
      process.stdout.write(JSON.stringify(results));
    `;
    const { stdout } = await promisify(execFile)(
      '/usr/bin/setpriv',
      [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        process.execPath,
        '--import',
        './scripts/source-hooks.js',
        '--input-type=module',
        '--eval',
        driver,
      ],
      { cwd: repoRoot, env: { PATH: process.env.PATH ?? '' } },
    );
    const results = JSON.parse(stdout);
    expect(results.whoami.sandbox).toBe('bubblewrap');
    expect(results.whoami.stdout.split('\n')[0]).toBe('/scratch /scratch');
    expect(results.read.stdout).toBe(
      `~/.ssh/id_rsa: FileNotFoundError\n${path.join(otherSkill, 'secret.txt')}: FileNotFoundError\n`,
    );
    expect(results.write.stdout).toBe('/skill/new.txt: OSError\n/scratch/ok.txt: wrote\n');
    const [, started] = results.fork.stdout.split(' ').map(Number);
    expect(started).toBeLessThan(16);
    expect(results.loop.timedOut).toBe(true);
    expect(results.userns.stdout).toBe('unshare refused\n');
  });
});
