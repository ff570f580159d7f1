// `skillset hook <agent>` as the agents run it, on every prompt: plain JavaScript that loads only
// Node's own modules and asks the resident hook server (`skillset hook-server`, started here on
// the first prompt, exiting when idle) over a per-user Unix socket (decision 0143).
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** HOOK_PROTOCOL of src/hook/serve-hook.ts (a test keeps them equal). */
export const HOOK_PROTOCOL = 1;

/** The agents a hook answers for (AGENT_NAMES of src/agents/agent-table.ts; a test keeps them equal). */
export const HOOK_AGENTS = ['claude', 'codex', 'opencode', 'gemini'];

const INPUT_LIMIT = 16 * 1024 * 1024;
/** Under the 30 s the connect settings give the hook: the first prompt may start the server. */
const DEADLINE_MS = 25_000;

const binFile = realpathSync(fileURLToPath(new URL('./skillset.js', import.meta.url)));
const packageDir = path.dirname(path.dirname(binFile));

/** FNV-1a of a text, 8 hex digits: names the installation without loading node:crypto. */
function shortHash(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Only this user may enter the folder: a directory, not a link, owned by us, no group or other bits. */
function isPrivateFolder(folder) {
  try {
    const stat = lstatSync(folder);
    const uid = process.getuid?.();
    return (
      stat.isDirectory() &&
      !stat.isSymbolicLink() &&
      (uid === undefined || stat.uid === uid) &&
      (stat.mode & 0o077) === 0
    );
  } catch {
    return false;
  }
}

/**
 * The socket of this installation's hook server: in `$XDG_RUNTIME_DIR/skillset`, else
 * `<tmp>/skillset-<uid>`, a folder created 0700 and refused unless only this user can enter it;
 * its name carries the version and the installation, so two versions never share a server.
 * Undefined when no safe folder is found.
 */
export function hookSocketPath(env) {
  const version = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
  const install = shortHash(packageDir);
  const name = `hook-${version}-${install}`;
  if (process.platform === 'win32')
    return `\\\\.\\pipe\\skillset-${os.userInfo().username}-${name}`;
  const runtime = env.XDG_RUNTIME_DIR;
  const folder =
    runtime && path.isAbsolute(runtime) && isPrivateFolder(runtime)
      ? path.join(runtime, 'skillset')
      : path.join(os.tmpdir(), `skillset-${process.getuid?.() ?? os.userInfo().username}`);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if (error.code !== 'EEXIST') return undefined;
  }
  return isPrivateFolder(folder) ? path.join(folder, `${name}.sock`) : undefined;
}

/** The hook input on stdin, read at once (no stream machinery to load); undefined past the limit. */
async function readInput() {
  let bytes;
  try {
    bytes = readFileSync(0);
  } catch (error) {
    if (error.code !== 'EAGAIN') throw error;
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    bytes = Buffer.concat(chunks);
  }
  return bytes.length > INPUT_LIMIT ? undefined : bytes.toString('utf8');
}

/** Asks the server; resolves undefined when no server answers on the socket. */
function ask(socket, payload) {
  return new Promise((resolve, reject) => {
    const connection = net.connect(socket);
    let connected = false;
    let reply = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => {
      connected = true;
      connection.end(payload);
    });
    connection.on('data', (chunk) => {
      reply += chunk;
    });
    connection.on('error', (error) => (connected ? reject(error) : resolve(undefined)));
    connection.on('close', () => {
      if (!connected) return;
      try {
        resolve(JSON.parse(reply));
      } catch {
        reject(new Error('the hook server closed the connection without an answer'));
      }
    });
  });
}

/** The environment the server starts with: where things are, never the agent's credentials. */
function serverEnv(env) {
  const kept =
    /^(PATH|HOME|USER|LOGNAME|LANG|LC_\w+|TMPDIR|TZ|XDG_\w+|NODE_\w+|SKILLSET_\w+|CODEX_HOME)$/;
  return Object.fromEntries(Object.entries(env).filter(([name]) => kept.test(name)));
}

/** Starts the hook server detached; resolves true once it says it is ready. */
async function startServer(socket, env) {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const log = openSync(`${socket}.log`, 'w', 0o600);
    const child = spawn(process.execPath, [binFile, 'hook-server', '--socket', socket], {
      cwd: path.dirname(socket),
      detached: true,
      env: serverEnv(env),
      stdio: ['ignore', 'pipe', log],
    });
    closeSync(log);
    let output = '';
    const done = (ready) => {
      child.stdout.destroy();
      child.unref();
      resolve(ready);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready\n')) done(true);
    });
    child.on('error', () => resolve(false));
    child.on('exit', () => done(false));
  });
}

/** Runs the hook in a process of its own (no server), relaying its output. */
async function answerInProcess(args, input, env) {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binFile, ...args], {
      env: { ...env, SKILLSET_HOOK_SERVER: 'off' },
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    child.on('error', (error) => {
      process.stderr.write(`skillset hook: ${error.message}; no skills suggested.\n`);
      resolve();
    });
    child.on('close', () => resolve());
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/**
 * Answers `skillset hook <agent>` through the hook server; false when this process should run the
 * command itself instead (SKILLSET_HOOK_SERVER=off, or arguments the command line must judge).
 * Whatever happens, the hook exits 0: an agent may read another code as "block this prompt".
 */
export async function runHookClient(args, env) {
  if (env.SKILLSET_HOOK_SERVER === 'off' || args.length !== 2 || args[1].startsWith('-')) {
    return false;
  }
  process.exitCode = 0;
  process.stdout.on('error', () => {});
  const deadline = setTimeout(() => {
    process.stderr.write(
      `skillset hook: no answer within ${DEADLINE_MS / 1000} s; no skills suggested.\n`,
    );
    process.exit(0);
  }, DEADLINE_MS);
  deadline.unref();
  const agent = args[1];
  if (!HOOK_AGENTS.includes(agent)) {
    process.stderr.write(
      `skillset hook: unknown agent '${agent}' (${HOOK_AGENTS.join(', ')}); no skills suggested.\n`,
    );
    return true;
  }
  const input = await readInput();
  if (input === undefined) {
    process.stderr.write(
      'skillset hook: the hook input is larger than 16 MiB; no skills suggested.\n',
    );
    return true;
  }
  const socket = hookSocketPath(env);
  if (socket === undefined) {
    await answerInProcess(args, input, env);
    return true;
  }
  const payload = `${JSON.stringify({ protocol: HOOK_PROTOCOL, agent, input, cwd: process.cwd(), env })}\n`;
  try {
    let answer = await ask(socket, payload);
    if (answer === undefined && (await startServer(socket, env))) {
      answer = await ask(socket, payload);
    }
    if (answer === undefined) {
      await answerInProcess(args, input, env);
      return true;
    }
    process.stdout.write(typeof answer.stdout === 'string' ? answer.stdout : '');
    process.stderr.write(typeof answer.stderr === 'string' ? answer.stderr : '');
  } catch (error) {
    process.stderr.write(`skillset hook: ${error.message}; no skills suggested.\n`);
  }
  return true;
}
