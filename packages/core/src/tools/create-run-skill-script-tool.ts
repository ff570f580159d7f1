import { z } from 'zod';
import { SkillsetError } from '../errors/skillset-error.ts';
import type { ActivationSession } from '../invoke/activation-session.ts';
import type { ApproveFunction, PolicyGate } from '../policy/create-policy-gate.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import { normalizeSkillFilePath } from '../source/normalize-skill-file-path.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import { maskSecretValues } from './mask-secret-values.ts';
import { findScriptAccess } from './script-tool-access.ts';
import type {
  SecretsForFunction,
  SkillScriptOutput,
  SkillScriptRunner,
  SkillScriptRunRecord,
  SkillSecrets,
  WithheldSkillSecret,
} from './skill-script-runner.ts';
import type { SkillTool, SkillToolResult } from './skill-tool.ts';
import { toolFailure, toolFailureFromError, toolSuccess } from './tool-result.ts';

/** The default longest stdout or stderr text the model reads from one run, in characters. */
export const DEFAULT_MAX_SCRIPT_OUTPUT_CHARS = 12_000;

/** At most this many scratch files are listed after a run. */
const LISTED_FILES = 50;
const MAX_ARGS = 64;
const MAX_STDIN_CHARS = 1024 * 1024;

/** Options for {@link createRunSkillScriptTool}. */
export interface RunSkillScriptToolOptions {
  registry: SkillRegistry;
  gate: PolicyGate;
  /** The conversation: only the scripts of its active skills run. */
  session: ActivationSession;
  runner: SkillScriptRunner;
  /** The values of the secrets bound to a skill; default none. */
  secretsFor?: SecretsForFunction;
  /** Asks a person where the `run` decision says `ask`; without it such runs are refused. */
  approve?: ApproveFunction;
  /** Called once per attempt on an active skill, for the host's audit log. */
  onRun?: (record: SkillScriptRunRecord) => void;
  /** Give the network to skills that declare `requires.network: true`; default true. */
  allowNetwork?: boolean;
  /** Longest stdout or stderr text returned, in characters; default {@link DEFAULT_MAX_SCRIPT_OUTPUT_CHARS}. */
  maxOutputChars?: number;
}

/** What `run_skill_script` returns besides the text: the run, never its output or secrets. */
export interface RunSkillScriptData {
  skill: string;
  script: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  files: Array<{ path: string; size: number }>;
  sandbox: 'bubblewrap' | 'none';
}

/** Keeps the head and the tail of a long text, saying how much was cut from the middle. */
export function capText(text: string, maxChars: number): { text: string; cut: number } {
  if (text.length <= maxChars) return { text, cut: 0 };
  const head = Math.ceil((maxChars * 2) / 3);
  const tail = maxChars - head;
  const cut = text.length - head - tail;
  return {
    text: `${text.slice(0, head)}\n[… ${cut} characters cut …]\n${tail === 0 ? '' : text.slice(-tail)}`,
    cut,
  };
}

function renderStream(
  name: 'stdout' | 'stderr',
  text: string,
  truncated: boolean,
  maxChars: number,
): string {
  if (text === '' && !truncated) return `${name}: (empty)`;
  const capped = capText(text, maxChars);
  const notes: string[] = [];
  if (capped.cut > 0) {
    notes.push(
      `[${name} cut to ${maxChars} of ${text.length} characters; for long output, have the script write a file and read it with read_scratch_file]`,
    );
  }
  if (truncated) notes.push(`[the sandbox stopped capturing ${name} at its output limit]`);
  const body = capped.text.endsWith('\n') ? capped.text : `${capped.text}\n`;
  return `${name}:\n${body}${notes.join('\n')}`.trimEnd();
}

function describeEnd(output: SkillScriptOutput): string {
  if (output.timedOut) return `was stopped at the time limit after ${output.durationMs} ms`;
  if (output.signal !== null && (output.exitCode === null || output.exitCode > 128)) {
    return `was stopped by ${output.signal} after ${output.durationMs} ms`;
  }
  return `exited with code ${output.exitCode ?? 'unknown'} after ${output.durationMs} ms`;
}

/** The text the model reads for one run: how it ended, its (masked, capped) output and scratch files. */
function renderRun(
  entry: SkillEntry,
  script: string,
  output: SkillScriptOutput,
  maxChars: number,
  withheld: readonly WithheldSkillSecret[],
): string {
  const lines = [`${script} of skill ${entry.name} ${describeEnd(output)}.`];
  if (output.sandbox === 'none') lines.push('(It ran WITHOUT a sandbox.)');
  for (const secret of withheld) {
    lines.push(`It ran without the secret ${secret.name}: ${secret.reason}`);
  }
  lines.push(renderStream('stdout', output.stdout, output.stdoutTruncated, maxChars));
  lines.push(renderStream('stderr', output.stderr, output.stderrTruncated, maxChars));
  if (output.files.length === 0) lines.push('The scratch folder is empty.');
  else {
    const listed = output.files
      .slice(0, LISTED_FILES)
      .map((file) => `- ${file.path} (${file.size} bytes)`);
    const more = output.files.length - listed.length;
    if (more > 0) listed.push(`- … and ${more} more`);
    lines.push(
      `Files in the scratch folder (the working directory; read one with read_scratch_file):\n${listed.join('\n')}`,
    );
  }
  return lines.join('\n');
}

/**
 * Creates `run_skill_script {skill, script, args?, stdin?}` (policy surface `run`): runs a file of
 * a skill active in the session through the host's sandboxed runner, after the `run` decision
 * (asking a person where it says `ask`, told which secrets the run gets), with only that skill's
 * secrets in its environment, and returns its exit status, output and scratch files with every
 * secret value masked, and which bound secrets it ran without and why.
 */
export function createRunSkillScriptTool(
  options: RunSkillScriptToolOptions,
): SkillTool<RunSkillScriptData> {
  const { runner, secretsFor, approve, onRun } = options;
  const maxChars = options.maxOutputChars ?? DEFAULT_MAX_SCRIPT_OUTPUT_CHARS;
  return defineSkillTool({
    name: 'run_skill_script',
    description:
      "Run a script of an active skill (a file in its folder, e.g. scripts/convert.py) when the skill's instructions say to. It runs in a sandbox: the skill's folder is read-only at /skill, the working directory /scratch is this skill's scratch folder, kept for the whole conversation, with no home folder, no network unless the skill declares it, and limits on time, memory and output. Returns the exit code, stdout, stderr and the files in the scratch folder. A run may need a person's approval.",
    input: z
      .object({
        skill: z.string().min(1).describe('The active skill whose script to run.'),
        script: z
          .string()
          .min(1)
          .describe('The script path relative to the skill folder, e.g. "scripts/convert.py".'),
        args: z
          .array(z.string())
          .max(MAX_ARGS)
          .optional()
          .describe('Command-line arguments; paths of files in the scratch folder are relative.'),
        stdin: z.string().max(MAX_STDIN_CHARS).optional().describe('Text for standard input.'),
      })
      .strict(),
    async run({ skill, script, args = [], stdin }): Promise<SkillToolResult<RunSkillScriptData>> {
      let path: string;
      try {
        path = normalizeSkillFilePath(script);
      } catch (error) {
        if (SkillsetError.isInstance(error)) return toolFailure(error.code, error.message);
        throw error;
      }
      const access = await findScriptAccess(options, skill, 'run_skill_script');
      if (!access.ok) {
        if (access.failure.error.code === 'run_denied') {
          onRun?.({ skill, script: path, outcome: 'run_denied' });
        }
        return access.failure;
      }
      const { entry, decision } = access;
      const record = (outcome: string, extra: Partial<SkillScriptRunRecord> = {}) =>
        onRun?.({ skill: entry.name, script: path, outcome, ...extra });
      const network = entry.manifest?.requires?.network === true && options.allowNetwork !== false;

      let secrets: SkillSecrets;
      try {
        secrets = (await secretsFor?.(entry)) ?? { values: {} };
      } catch (error) {
        const code = SkillsetError.isInstance(error) ? error.code : 'secrets_unavailable';
        record(code);
        return toolFailure(
          code,
          `The secrets of skill ${JSON.stringify(entry.name)} could not be read, so ${path} did not run${SkillsetError.isInstance(error) ? `: ${error.message}` : '.'}`,
        );
      }
      const given = Object.keys(secrets.values).sort();
      const withheld = secrets.withheld ?? [];

      if (decision.requiresApproval) {
        if (approve === undefined) {
          record('approval_required');
          return toolFailure(
            'approval_required',
            `Running ${path} of skill ${JSON.stringify(entry.name)} needs a person's approval, and none can be asked here. Tell the user: a permission rule allowing the "run" surface for this skill lets its scripts run without asking.`,
          );
        }
        const approved = await approve({
          tool: 'run_skill_script',
          skill: entry.name,
          entryPoint: 'run_skill_script',
          decision,
          entry,
          script: { path, args, network, ...(given.length === 0 ? {} : { secrets: given }) },
        });
        if (!approved) {
          record('approval_denied');
          return toolFailure(
            'approval_denied',
            `A person declined running ${path} of skill ${JSON.stringify(entry.name)}. Do not retry it; tell the user, or do the task another way.`,
          );
        }
      }

      const mask = (text: string, cut = false) => maskSecretValues(text, secrets.values, { cut });
      let output: SkillScriptOutput;
      try {
        output = await runner.run({
          skill: entry,
          script: path,
          args,
          ...(stdin === undefined ? {} : { stdin }),
          env: secrets.values,
          network,
        });
      } catch (error) {
        const failure = toolFailureFromError(error);
        record(failure.error.code, withheld.length === 0 ? {} : { withheld: [...withheld] });
        return { ok: false, error: { ...failure.error, message: mask(failure.error.message) } };
      }
      record('ok', {
        exitCode: output.exitCode,
        signal: output.signal,
        timedOut: output.timedOut,
        durationMs: output.durationMs,
        secrets: given,
        ...(withheld.length === 0 ? {} : { withheld: [...withheld] }),
        network,
        sandbox: output.sandbox,
      });
      const masked: SkillScriptOutput = {
        ...output,
        stdout: mask(output.stdout, output.stdoutTruncated),
        stderr: mask(output.stderr, output.stderrTruncated),
        files: output.files.map((file) => ({ ...file, path: mask(file.path) })),
      };
      return toolSuccess(renderRun(entry, path, masked, maxChars, withheld), {
        skill: entry.name,
        script: path,
        exitCode: output.exitCode,
        signal: output.signal,
        timedOut: output.timedOut,
        durationMs: output.durationMs,
        files: masked.files,
        sandbox: output.sandbox,
      });
    },
  });
}
