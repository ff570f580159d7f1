import type { CatalogFormat, CatalogMode } from '@skillset/core';
import { Command, InvalidArgumentError, Option } from 'commander';
import { addConnectCommands } from './add-connect-commands.ts';
import { addPublishCommands } from './add-publish-commands.ts';
import { AGENT_NAMES, type AgentName } from './agents/agent-table.ts';
import { readCliVersion } from './cli-version.ts';
import { parseExpires } from './output/parse-expires.ts';
import { parseShare } from './output/parse-share.ts';
import { parsePositiveInteger } from './output/positive-integer.ts';
import type { Terminal } from './output/terminal.ts';

/** Where a command leaves its exit code. */
export interface CommandOutcome {
  exitCode: number;
}

interface CatalogCliOptions {
  dir: string[];
  query?: string;
  budget?: number;
  format: CatalogFormat;
  mode?: CatalogMode;
  json?: boolean;
}

interface AddCliOptions {
  scope: 'project' | 'personal';
  path?: string;
  skill: string[];
  all?: boolean;
  force?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

interface LockCliOptions {
  scope: 'project' | 'personal';
  force?: boolean;
  json?: boolean;
}

interface ExportCliOptions {
  to: string[];
  dir: string[];
  link?: boolean;
  global?: boolean;
  personal?: boolean;
  force?: boolean;
  json?: boolean;
}

interface PackCliOptions {
  dir: string[];
  out?: string;
  force?: boolean;
  json?: boolean;
}

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

interface RunCliOptions {
  dir: string[];
  scratch?: string;
  stdin?: boolean;
  network?: boolean;
  timeout?: number;
  maxOutput?: number;
  dangerouslyRunUnsandboxed?: boolean;
}

interface SyncCliOptions {
  server?: string;
  token?: string;
  agent?: string[];
  global?: boolean;
  dryRun?: boolean;
  force?: boolean;
  watch?: boolean;
  json?: boolean;
}

/** AGENT_NAMES of agents/agent-table.ts, repeated so `--help` loads no command module. */
export const SYNC_AGENT_CHOICES = ['claude', 'codex', 'opencode', 'gemini'];

/** `export --to` also takes `agents`, its old name for the `.agents/skills` folder (now codex's). */
const EXPORT_AGENT_CHOICES = [...SYNC_AGENT_CHOICES, 'agents'];

/** The folders `--agent` and `--to` fill, for their help. */
const AGENT_FOLDERS_HELP =
  "claude: .claude/skills, codex: .agents/skills, opencode: .opencode/skills, gemini: .gemini/skills; repeatable, and an agent that already reads another agent's folder gets no second copy";

/** Parses a repeatable agent option, refusing a name not in `choices`. */
function collectAgent(choices: readonly string[]) {
  return (value: string, previous: string[] | undefined) => {
    if (!choices.includes(value))
      throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
    return [...(previous ?? []), value];
  };
}

interface ServerCliOptions {
  port?: string;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  trustProxy?: boolean;
  maxConnectionsPerAddress?: string;
  logFormat?: string;
}

/** DEFAULT_CATALOG_BUDGET of @skillset/core, repeated for the help text (a test keeps them equal). */
export const HELP_CATALOG_BUDGET = 2000;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * Builds the commander program for `skillset`, writing to the given terminal. A command's module
 * loads when the command runs, so `skillset --help` loads none of them.
 */
export function createProgram(terminal: Terminal, outcome: CommandOutcome): Command {
  const program = new Command('skillset')
    .description('Find, validate and inspect Agent Skills (SKILL.md folders).')
    .version(readCliVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => terminal.stdout.write(text),
      writeErr: (text) => terminal.stderr.write(text),
    });

  const dirOption = () =>
    new Option('--dir <dir>', 'also read skills from this folder (repeatable)')
      .argParser(collect)
      .default([]);

  program
    .command('validate')
    .description(
      'Check skills against the format: a skill folder, a SKILL.md, or a folder of skills',
    )
    .argument('<path...>', 'skill folder, SKILL.md file, or folder containing skills')
    .option('--strict', 'use the portable Agent Skills profile (only the six spec fields)')
    .option('--json', 'print machine-readable JSON')
    .action(async (paths: string[], options: { strict?: boolean; json?: boolean }) => {
      const { runValidate } = await import('./commands/validate.ts');
      outcome.exitCode = await runValidate(terminal, {
        paths,
        ...options,
      });
    });

  program
    .command('list')
    .description('List skills from the standard locations, the built-in skills and each --dir')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { dir: string[]; json?: boolean }) => {
      const { runList } = await import('./commands/list.ts');
      outcome.exitCode = await runList(terminal, {
        dirs: options.dir,
        json: options.json,
      });
    });

  program
    .command('show')
    .description("Print a skill's manifest and body")
    .argument('<name>', 'skill name (case-insensitive)')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (name: string, options: { dir: string[]; json?: boolean }) => {
      const { runShow } = await import('./commands/show.ts');
      outcome.exitCode = await runShow(terminal, {
        name,
        dirs: options.dir,
        json: options.json,
      });
    });

  program
    .command('sign')
    .description('Sign a skill with an SSH key: writes SKILL.manifest.json and SKILL.sig')
    .argument('<skill>', 'skill name, or the path of a skill folder')
    .option(
      '--key <path>',
      'SSH private key, or a .pub whose key is in ssh-agent (default: git config user.signingkey, else ~/.ssh/id_ed25519)',
    )
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (target: string, options: { key?: string; dir: string[]; json?: boolean }) => {
      const { runSign } = await import('./commands/sign.ts');
      outcome.exitCode = await runSign(terminal, {
        target,
        dirs: options.dir,
        ...(options.key === undefined ? {} : { key: options.key }),
        ...(options.json === undefined ? {} : { json: options.json }),
      });
    });

  program
    .command('verify')
    .description("Check skills' signatures against trustedSigners in skillset.json")
    .argument('[names...]', 'skill names (default: every skill)')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: { dir: string[]; json?: boolean }) => {
      const { runVerify } = await import('./commands/verify.ts');
      outcome.exitCode = await runVerify(terminal, {
        names,
        dirs: options.dir,
        ...(options.json === undefined ? {} : { json: options.json }),
      });
    });

  program
    .command('catalog')
    .description('Print the skill catalog a model would see, under a token budget')
    .addOption(dirOption())
    .option('--query <text>', "the user's message; ranks the catalog by relevance to it")
    .addOption(
      // No commander default: the command applies DEFAULT_CATALOG_BUDGET, so help loads no core.
      new Option(
        '--budget <tokens>',
        `token budget of the whole catalog (default: ${HELP_CATALOG_BUDGET})`,
      ).argParser(parsePositiveInteger),
    )
    .addOption(
      new Option('--format <format>', 'catalog format')
        .choices(['markdown', 'xml'])
        .default('markdown'),
    )
    .addOption(
      new Option(
        '--mode <mode>',
        'entry order (default: ranked with --query, else stable)',
      ).choices(['stable', 'ranked']),
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (options: CatalogCliOptions, command: Command) => {
      const query = options.query?.trim() === '' ? undefined : options.query;
      const mode = options.mode ?? (query === undefined ? 'stable' : 'ranked');
      if (mode === 'ranked' && query === undefined) {
        command.error('error: --mode ranked needs --query <text> to rank by', {
          code: 'skillset.ranked_without_query',
          exitCode: 2,
        });
      }
      const { runCatalog } = await import('./commands/catalog.ts');
      outcome.exitCode = await runCatalog(terminal, {
        dirs: options.dir,
        ...(query === undefined ? {} : { query }),
        ...(options.budget === undefined ? {} : { budget: options.budget }),
        format: options.format,
        mode,
        json: options.json,
      });
    });

  program
    .command('doctor')
    .description(
      'Find what makes skills silently fail: budgets, collisions, trigger quality, content risks',
    )
    .addOption(dirOption())
    .addOption(
      new Option('--budget <tokens>', "Skillset's catalog budget in tokens")
        .argParser(parsePositiveInteger)
        .default(HELP_CATALOG_BUDGET),
    )
    .addOption(
      new Option(
        '--budget-chars <n>',
        "another agent's listing budget in characters (repeatable; default 8000 and 16000)",
      )
        .argParser((value: string, previous: number[]) => [
          ...previous,
          parsePositiveInteger(value),
        ])
        .default([]),
    )
    .addOption(
      new Option('--severity <level>', 'the least severe findings shown (the summary counts all)')
        .choices(['error', 'warning', 'info'])
        .default('warning'),
    )
    .option('--json', 'print machine-readable JSON')
    .action(
      async (options: {
        dir: string[];
        budget: number;
        budgetChars: number[];
        severity: 'error' | 'warning' | 'info';
        json?: boolean;
      }) => {
        const { runDoctor } = await import('./commands/doctor.ts');
        outcome.exitCode = await runDoctor(terminal, {
          dirs: options.dir,
          budget: options.budget,
          budgetChars: options.budgetChars,
          severity: options.severity,
          json: options.json,
        });
      },
    );

  program
    .command('invoke')
    .description('Show what a user message like "/name args" activates and what text goes on')
    .argument('<message>', 'the user message, e.g. "/deploy staging --dry-run"')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (message: string, options: { dir: string[]; json?: boolean }) => {
      const { runInvoke } = await import('./commands/invoke.ts');
      outcome.exitCode = await runInvoke(terminal, {
        message,
        dirs: options.dir,
        json: options.json,
      });
    });

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
      const { runRun } = await import('./commands/run.ts');
      const { dir, ...rest } = options;
      outcome.exitCode = await runRun(terminal, { skill, script, args, dirs: dir, ...rest });
    });

  program
    .command('search')
    .description('Search the allowed skills by relevance to a query')
    .argument('<query>', 'what you are looking for, in plain words')
    .addOption(dirOption())
    .addOption(
      new Option('--limit <count>', 'how many results at most')
        .argParser(parsePositiveInteger)
        .default(10),
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (query: string, options: { dir: string[]; limit: number; json?: boolean }) => {
      const { runSearch } = await import('./commands/search.ts');
      outcome.exitCode = await runSearch(terminal, {
        query,
        dirs: options.dir,
        limit: options.limit,
        json: options.json,
      });
    });

  program
    .command('chat')
    .description(
      'Chat with a model that uses the skills (streaming; /skills lists them; -p runs one message and prints the answer)',
    )
    .addOption(dirOption())
    .option(
      '--model <provider:id>',
      'openai:<id>, anthropic:<id> or openai-compatible:<id> (default: SKILLSET_MODEL)',
    )
    .option('-p, --print <message>', 'run one message non-interactively and print the final answer')
    .action(async (options: { dir: string[]; model?: string; print?: string }) => {
      const { runChat } = await import('./commands/chat.ts');
      outcome.exitCode = await runChat(terminal, {
        dirs: options.dir,
        ...(options.model === undefined ? {} : { model: options.model }),
        ...(options.print === undefined ? {} : { print: options.print }),
      });
    });

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
      const { runEval } = await import('./commands/eval.ts');
      outcome.exitCode = await runEval(terminal, { skills, dirs: dir, ...options });
    });

  addConnectCommands(program, terminal, outcome);

  program
    .command('sync')
    .description(
      "Install the server's skills (those your token may use) into your agents' folders, with a lockfile; --watch keeps them in step",
    )
    .option('--server <url>', 'the Skillset server (default: SKILLSET_SERVER)')
    .option('--token <token>', 'your token (default: SKILLSET_TOKEN)')
    .addOption(
      new Option('--agent <agent>', `${AGENT_FOLDERS_HELP} (default claude)`).argParser(
        collectAgent(SYNC_AGENT_CHOICES),
      ),
    )
    .option('--global', "the agents' folders in your home instead of this project's")
    .option('--dry-run', 'say what would change, change nothing')
    .option('--force', 'replace skills edited here and folders sync did not install')
    .option('--watch', "follow the server's change feed and apply changes as they happen")
    .option('--json', 'print machine-readable JSON')
    .action(async (options: SyncCliOptions) => {
      const { runSync } = await import('./commands/sync.ts');
      const { agent, ...rest } = options;
      outcome.exitCode = await runSync(terminal, {
        ...rest,
        agents: (agent ?? ['claude']) as Parameters<typeof runSync>[1]['agents'],
      });
    });

  addPublishCommands(program, terminal, outcome);

  program
    .command('mcp')
    .description(
      'Serve the skills to an MCP client over stdio (tools, prompts and resources, under the local policy)',
    )
    .addOption(dirOption())
    .addOption(
      new Option(
        '--agent <agent>',
        'also serve the skill folders this agent reads, in the project and your home',
      ).choices(AGENT_NAMES as string[]),
    )
    .option(
      '--no-catalog',
      "leave the skills' catalog out of use_skill's description (for an agent a hook shows the relevant skills with each prompt)",
    )
    .action(async (options: { dir: string[]; agent?: AgentName; catalog: boolean }) => {
      const { runMcp } = await import('./commands/mcp.ts');
      outcome.exitCode = await runMcp(terminal, {
        dirs: options.dir,
        catalog: options.catalog,
        ...(options.agent === undefined ? {} : { agent: options.agent }),
      });
    });

  program
    .command('add')
    .description(
      'Install skills from a folder, a .zip, a git URL or owner/repo[/path][@ref] into .claude/skills (validated first, recorded in skillset-lock.json)',
    )
    .argument(
      '<source>',
      'skill folder, folder of skills, SKILL.md, .zip, git URL[#subdir], GitHub tree URL, or owner/repo[/path][@ref]',
    )
    .addOption(
      new Option('--scope <scope>', 'project: ./.claude/skills; personal: ~/.claude/skills')
        .choices(['project', 'personal'])
        .default('project'),
    )
    .option('--path <subdir>', 'read the skills from this folder inside the source')
    .addOption(
      new Option('--skill <name>', 'only this skill of a source with several (repeatable)')
        .argParser(collect)
        .default([]),
    )
    .option('--all', 'install every skill of a source with several')
    .option('--force', 'replace a skill folder that already exists')
    .option('--dry-run', 'show what would be written, write nothing')
    .option('--json', 'print machine-readable JSON')
    .action(async (source: string, options: AddCliOptions) => {
      const { runAdd } = await import('./commands/add.ts');
      const { skill, ...rest } = options;
      outcome.exitCode = await runAdd(terminal, { source, skills: skill, ...rest });
    });

  const scopeOption = () =>
    new Option('--scope <scope>', 'project: ./skillset-lock.json; personal: ~/.config/skillset/')
      .choices(['project', 'personal'])
      .default('project');

  program
    .command('update')
    .description('Update skills installed by skillset add from their sources (skillset-lock.json)')
    .argument('[name...]', 'the skills to update (default: every skill in the lockfile)')
    .addOption(scopeOption())
    .option('--force', 'replace skills edited since they were installed')
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: LockCliOptions) => {
      const { runUpdate } = await import('./commands/update.ts');
      outcome.exitCode = await runUpdate(terminal, { names, ...options });
    });

  program
    .command('remove')
    .description('Delete skills installed by skillset add, and their skillset-lock.json entries')
    .argument('<name...>', 'the skills to remove')
    .addOption(scopeOption())
    .option('--force', 'remove skills edited since they were installed too')
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: LockCliOptions) => {
      const { runRemove } = await import('./commands/remove.ts');
      outcome.exitCode = await runRemove(terminal, { names, ...options });
    });

  program
    .command('export')
    .description('Copy or link skills into the folders your agents read, one copy each')
    .argument('[name...]', 'the skills to export (default: every project skill)')
    .addOption(
      new Option('--to <agent>', `the agent whose folder to write — ${AGENT_FOLDERS_HELP}`)
        .argParser(collectAgent(EXPORT_AGENT_CHOICES))
        .makeOptionMandatory(),
    )
    .option('--link', 'make relative symbolic links to the skill folders instead of copies')
    .option('--global', "write the agents' folders in your home instead of the project's")
    .addOption(new Option('--personal', 'the old name of --global').hideHelp())
    .option(
      '--force',
      'replace skill folders that already exist, and write skills the agent would reject',
    )
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: ExportCliOptions) => {
      const { runExport } = await import('./commands/export.ts');
      outcome.exitCode = await runExport(terminal, { names, ...options, dirs: options.dir });
    });

  program
    .command('pack')
    .description('Write a skill as a claude.ai ZIP (one folder named after the skill)')
    .argument('<name>', 'skill name (case-insensitive)')
    .option('--out <file>', 'the ZIP to write (default: <name>.zip)')
    .option('--force', 'replace the ZIP if it exists, and pack a skill claude.ai would reject')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (name: string, options: PackCliOptions) => {
      const { runPack } = await import('./commands/pack.ts');
      outcome.exitCode = await runPack(terminal, { name, ...options, dirs: options.dir });
    });

  const serverOptions = (command: Command) =>
    command
      .option('--port <port>', 'port to listen on (default 4747, or PORT)')
      .option('--host <host>', 'address to listen on (default 127.0.0.1)')
      .option('--data-dir <dir>', 'PGlite data folder (default ./.skillset, or SKILLSET_DATA_DIR)')
      .option('--database-url <url>', 'use this PostgreSQL database (or DATABASE_URL)');

  serverOptions(
    program
      .command('serve')
      .description(
        'Run the skills server (API and web UI) on PGlite, or on PostgreSQL with --database-url',
      ),
  )
    .option(
      '--trust-proxy',
      'behind a reverse proxy: trust its X-Forwarded-For and X-Forwarded-Proto (or SKILLSET_TRUST_PROXY=1)',
    )
    .option(
      '--max-connections-per-address <n>',
      'connections one client address holds, the idle longest closed first (default 256; behind --trust-proxy: requests in flight per forwarded client; or SKILLSET_MAX_CONNECTIONS_PER_ADDRESS)',
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'logs on stdout: text (readable lines) or json (JSON lines; the start-up lines then go to stderr); default text on a terminal, else json (or SKILLSET_LOG_FORMAT)',
      ).choices(['text', 'json']),
    )
    .action(async (options: ServerCliOptions) => {
      const { runServe } = await import('./commands/serve.ts');
      outcome.exitCode = await runServe(terminal, options);
    });

  serverOptions(
    program
      .command('sign-in-link')
      .description(
        "Print a fresh one-time sign-in link for the server's owner, or with --email for that member (valid 15 minutes)",
      ),
  )
    .option('--url <url>', 'the address people open the server at (default: the running server)')
    .option('--email <address>', 'sign in the account of this address instead of the owner')
    .action(async (options: ServerCliOptions & { url?: string; email?: string }) => {
      const { runSignInLink } = await import('./commands/sign-in-link.ts');
      outcome.exitCode = await runSignInLink(terminal, options);
    });

  const token = program.command('token').description("Manage the server's tokens");
  serverOptions(
    token
      .command('create')
      .description('Create a token for the owner, or for an agent with --agent; printed once'),
  )
    .requiredOption('--name <name>', 'what the token is for, e.g. "ci"')
    .option('--agent <agent>', "the agent's name or id: the token acts as that agent")
    .option(
      '--workspace <workspace>',
      "the agent's workspace, id or slug (default: the owner's first)",
    )
    .addOption(
      new Option('--expires <duration>', 'expire after this long, e.g. 30d, 12h, 90m').argParser(
        parseExpires,
      ),
    )
    .action(
      async (
        options: ServerCliOptions & {
          name: string;
          agent?: string;
          workspace?: string;
          expires?: Date;
        },
      ) => {
        const { expires, ...rest } = options;
        const { runTokenCreate } = await import('./commands/token-create.ts');
        outcome.exitCode = await runTokenCreate(terminal, {
          ...rest,
          ...(expires === undefined ? {} : { expiresAt: expires }),
        });
      },
    );

  return program;
}
