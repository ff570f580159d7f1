import { type Command, Option } from 'commander';
import { parseShare } from '../output/parse-share.ts';
import { parsePositiveInteger } from '../output/positive-integer.ts';
import { dirOption, SYNC_AGENT_CHOICES } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface EvalCliOptions {
  dir: string[];
  evalSet?: string;
  model?: string;
  agent?: string;
  agentBin?: string;
  agentTimeout: number;
  runs: number;
  top: number;
  minRecall?: number;
  minPrecision?: number;
  junit?: string;
  json?: boolean;
}

/** Adds `skillset eval [skill...]`. */
export function registerEval(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('eval')
    .description(
      "Run skills' trigger evals (evals/triggers.json): offline through the ranked search, with --model, or through a real agent with --agent",
    )
    .argument(
      '[skill...]',
      'the skills to evaluate (default: every skill with evals/triggers.json)',
    )
    .addOption(dirOption())
    .option('--eval-set <file>', 'read the cases from this file instead (one skill)')
    .option(
      '--model <provider:id>',
      'ask this model, with the whole catalog, whether it loads the skill (same specs as chat)',
    )
    .addOption(
      new Option(
        '--agent <agent>',
        "run each query through this agent's own binary, with the model configured for it, and count how often it activates the skill",
      ).choices(SYNC_AGENT_CHOICES),
    )
    .option('--agent-bin <path>', "the agent's executable (default: its name on PATH)")
    .addOption(
      new Option('--agent-timeout <seconds>', 'with --agent: stop a query that runs this long')
        .argParser(parsePositiveInteger)
        .default(300),
    )
    .addOption(
      new Option('--runs <count>', 'runs per query with --model or --agent')
        .argParser(parsePositiveInteger)
        .default(3),
    )
    .addOption(
      new Option(
        '--top <count>',
        'offline: a query triggers when the skill is among this many first matches',
      )
        .argParser(parsePositiveInteger)
        .default(3),
    )
    .addOption(
      new Option(
        '--min-recall <share>',
        "exit 1 when a skill's recall is below this (0–1)",
      ).argParser(parseShare),
    )
    .addOption(
      new Option(
        '--min-precision <share>',
        "exit 1 when a skill's precision is below this (0–1)",
      ).argParser(parseShare),
    )
    .option('--junit <file>', 'also write the results as JUnit XML')
    .option('--json', 'print machine-readable JSON')
    .action(async (skills: string[], { dir, ...options }: EvalCliOptions) => {
      const { runEval } = await import('../commands/eval.ts');
      outcome.exitCode = await runEval(terminal, { skills, dirs: dir, ...options });
    });
}
