import { type Command, Option } from 'commander';
import { parsePositiveInteger } from '../output/positive-integer.ts';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface RunCliOptions {
  dir: string[];
  scratch?: string;
  stdin?: boolean;
  network?: boolean;
  timeout?: number;
  maxOutput?: number;
  dangerouslyRunUnsandboxed?: boolean;
}

/** Adds `skillset run <skill> <script> [args...]`. */
export function registerRun(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('run')
    .description(
      "Run a skill's script in a sandbox (bubblewrap): the skill read-only, a scratch folder as the working directory, no home, no network unless the skill declares it; exits with the script's code (124: time limit; 128+N: signal N; 1: skillset refused)",
    )
    .argument('<skill>', 'skill name (case-insensitive)')
    .argument('<script>', "the script's path inside the skill, e.g. scripts/convert.py")
    .argument('[args...]', "arguments for the script (put the script's own options after --)")
    .addOption(dirOption())
    .option(
      '--scratch <dir>',
      'the folder the script works in and may write (default: a new temporary folder, printed)',
    )
    .option('--stdin', "pass this command's standard input to the script")
    .option(
      '--network',
      'give the script the network (only for a skill that declares requires.network: true)',
    )
    .addOption(
      new Option('--timeout <seconds>', 'stop the script after this long (default: 30)').argParser(
        parsePositiveInteger,
      ),
    )
    .addOption(
      new Option(
        '--max-output <bytes>',
        'keep this much of stdout and of stderr each (default: 65536)',
      ).argParser(parsePositiveInteger),
    )
    .option(
      '--dangerously-run-unsandboxed',
      'run without the sandbox: the script can read, change and send anything your user can',
    )
    .action(async (skill: string, script: string, args: string[], options: RunCliOptions) => {
      const { runRun } = await import('../commands/run.ts');
      const { dir, ...rest } = options;
      outcome.exitCode = await runRun(terminal, { skill, script, args, dirs: dir, ...rest });
    });
}
