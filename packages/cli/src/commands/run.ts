import { mkdtemp, readlink, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import {
  closestNames,
  type PolicyReason,
  type SkillRequirements,
  SkillsetError,
} from '@skillset/core';
import {
  findSkillFolderLinks,
  listSkillFolderFiles,
  runSkillScript,
  type SkillScriptResult,
} from '@skillset/core/node';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { paint, type Terminal } from '../output/terminal.ts';

/** Options for {@link runRun}. */
export interface RunCommandOptions {
  skill: string;
  script: string;
  args: string[];
  dirs: string[];
  scratch?: string;
  stdin?: boolean;
  network?: boolean;
  timeout?: number;
  maxOutput?: number;
  dangerouslyRunUnsandboxed?: boolean;
}

/** The exit code when the script ran past its time limit, as `timeout(1)` reports it. */
export const EXIT_TIMED_OUT = 124;

/** How many scratch files the command names after a run. */
const LISTED_FILES = 20;

const SCRIPT_EXTENSIONS = /\.(py|sh|js|mjs|cjs)$/;

function refuse(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: ${message}\n`);
  return 1;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The script's exit code, 124 past the time limit, or 128 + N when signal N ended it. */
function exitCodeOf(result: SkillScriptResult): number {
  if (result.timedOut) return EXIT_TIMED_OUT;
  if (result.exitCode !== null) return result.exitCode;
  const number = constants.signals[result.signal as keyof typeof constants.signals];
  return number === undefined ? 1 : 128 + number;
}

/** True when the policy refused the skill only because environment variables it requires are unset. */
function onlyVariablesMissing(reason: PolicyReason | undefined): boolean {
  const missing = reason?.step === 'eligibility' ? reason.missing : undefined;
  if (missing === undefined || missing.env.length === 0) return false;
  const { env: _env, ...others } = missing;
  return Object.values(others).every((names) => names.length === 0);
}

/**
 * The skill's folder and requirements, or the message saying why there is none or why the local
 * policy refuses to run its scripts. Typing the command is the person's approval of an `ask`.
 */
async function findSkill(
  terminal: Terminal,
  options: RunCommandOptions,
): Promise<{ folder: string; requires?: SkillRequirements } | { refusal: string }> {
  const session = await openLocalSession(terminal, options.dirs, { mcpServers: false });
  const { policy, registry } = session;
  try {
    if (await reportSourceIssues(terminal, registry)) {
      return { refusal: 'a skill folder given with --dir is missing (see above).' };
    }
    const entry = await registry.get(options.skill);
    if (entry === undefined) {
      const names = (await registry.list()).map((skill) => skill.name);
      const suggestions = closestNames(options.skill, names);
      const hint =
        suggestions.length > 0
          ? ` Did you mean: ${suggestions.join(', ')}?`
          : ' Run `skillset list` to see the available skills.';
      return { refusal: `no skill named '${options.skill}'.${hint}` };
    }
    const gate = session.gate;
    const decision = await gate.decide(entry, 'run_skill_script');
    const last = decision.reasons.at(-1);
    // Unset variables alone are named by the command's own check, with how to pass them.
    if (!decision.allowed && !onlyVariablesMissing(last)) {
      const reason = last?.message ?? 'refused by policy.';
      const from = policy.files.length > 0 ? ` Policy read from: ${policy.files.join(', ')}` : '';
      return { refusal: `not allowed to run the scripts of ${entry.name}: ${reason}${from}` };
    }
    const requires = (await registry.loadSkill(entry)).manifest?.requires;
    return { folder: entry.path, ...(requires === undefined ? {} : { requires }) };
  } finally {
    await session.close();
  }
}

/** The declared variables' values from this environment, or the names of those that are unset. */
function skillEnv(terminal: Terminal, names: readonly string[]) {
  const env: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of names) {
    const value = terminal.env[name];
    if (value === undefined || value === '') missing.push(name);
    else env[name] = value;
  }
  return { env, missing };
}

async function describeScripts(folder: string): Promise<string> {
  const files = await listSkillFolderFiles(folder).catch(() => []);
  const scripts = files.map((file) => file.path).filter((file) => SCRIPT_EXTENSIONS.test(file));
  return scripts.length === 0
    ? ' The skill ships no .py, .sh or .js files.'
    : ` Its scripts: ${scripts.join(', ')}.`;
}

function printFiles(terminal: Terminal, scratchDir: string, result: SkillScriptResult) {
  const listed = result.files
    .slice(0, LISTED_FILES)
    .map((file) => `  ${file.path} (${file.size} byte${file.size === 1 ? '' : 's'})\n`);
  const more = result.files.length - listed.length;
  const holds =
    result.files.length === 0
      ? ' is empty\n'
      : ` holds:\n${listed.join('')}${more > 0 ? `  … and ${more} more\n` : ''}`;
  terminal.stderr.write(`skillset: the scratch folder ${scratchDir}${holds}`);
}

/** Names the symbolic links the scratch folder holds (a script may point one at any host file). */
async function warnOfLinks(terminal: Terminal, scratchDir: string) {
  const links = await findSkillFolderLinks(scratchDir).catch(() => []);
  if (links.length === 0) return;
  const listed = await Promise.all(
    links.slice(0, LISTED_FILES).map(async (link) => {
      const target = await readlink(path.join(scratchDir, link)).catch(() => '?');
      return `  ${JSON.stringify(link)} -> ${JSON.stringify(target)}\n`;
    }),
  );
  const more = links.length - listed.length;
  terminal.stderr.write(
    `skillset: warning: the scratch folder holds symbolic links, which are not files the script wrote and which Skillset never follows; do not open them:\n${listed.join('')}${more > 0 ? `  … and ${more} more\n` : ''}`,
  );
}

/**
 * `skillset run SKILL SCRIPT [ARGS…]`: runs a file of a local skill in the sandbox, with only the
 * environment variables the skill declares (`requires.env`), and exits with the script's code.
 */
export async function runRun(terminal: Terminal, options: RunCommandOptions): Promise<number> {
  const skill = await findSkill(terminal, options);
  if ('refusal' in skill) return refuse(terminal, skill.refusal);
  if (options.network === true && skill.requires?.network !== true) {
    return refuse(
      terminal,
      `--network refused: ${options.skill} does not declare that its scripts need the network. Its author can add 'requires: { network: true }' to its SKILL.md.`,
    );
  }
  const { env, missing } = skillEnv(terminal, skill.requires?.env ?? []);
  if (missing.length > 0) {
    const plural = missing.length > 1;
    return refuse(
      terminal,
      `${options.skill} needs the environment variable${plural ? 's' : ''} ${missing.join(', ')} (requires.env); set ${plural ? 'them' : 'it'} and run again. Its scripts get only the variables the skill declares.`,
    );
  }
  if (options.dangerouslyRunUnsandboxed === true) {
    const warning = `WARNING: running ${options.script} of ${options.skill} WITHOUT A SANDBOX.`;
    terminal.stderr.write(
      `${paint(terminal, 'stderr', ['red', 'bold'], warning)}\n` +
        'It can read, change and send anything your user can: your home folder, your keys, the network.\n',
    );
  }
  const stdin = options.stdin === true ? await readAll(terminal.stdin ?? process.stdin) : undefined;
  const temporary = options.scratch === undefined;
  const scratchDir = temporary
    ? await mkdtemp(path.join(tmpdir(), 'skillset-run-'))
    : path.resolve(terminal.cwd, options.scratch as string);
  let result: SkillScriptResult;
  try {
    result = await runSkillScript({
      skillDir: skill.folder,
      script: options.script,
      args: options.args,
      scratchDir,
      env,
      network: options.network === true,
      limits: {
        ...(options.timeout === undefined ? {} : { wallMs: options.timeout * 1000 }),
        ...(options.maxOutput === undefined ? {} : { outputBytes: options.maxOutput }),
      },
      unsandboxed: options.dangerouslyRunUnsandboxed === true,
      ...(stdin === undefined ? {} : { stdin }),
      ...(terminal.env.SKILLSET_BWRAP === undefined ? {} : { bwrap: terminal.env.SKILLSET_BWRAP }),
    });
  } catch (error) {
    if (temporary) await rm(scratchDir, { recursive: true, force: true });
    if (!SkillsetError.isInstance(error)) throw error;
    const hint =
      error.code === 'script_not_found'
        ? await describeScripts(skill.folder)
        : error.code === 'sandbox_unavailable'
          ? '\nTo run it anyway, with no protection at all: --dangerously-run-unsandboxed'
          : '';
    return refuse(terminal, `${error.message}${hint}`);
  }
  terminal.stdout.write(result.stdout);
  terminal.stderr.write(result.stderr);
  printFiles(terminal, scratchDir, result);
  await warnOfLinks(terminal, scratchDir);
  return exitCodeOf(result);
}
