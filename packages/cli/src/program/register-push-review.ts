import { type Command, Option } from 'commander';
import { collect } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface RemoteCliOptions {
  server?: string;
  token?: string;
  json?: boolean;
}

interface PushCliOptions extends RemoteCliOptions {
  dir: string[];
  note?: string;
}

interface ReviewListCliOptions extends RemoteCliOptions {
  rejected?: boolean;
}

interface ReviewApproveCliOptions extends RemoteCliOptions {
  note?: string;
  overrideRecallDrop?: boolean;
}

interface ReviewRejectCliOptions extends RemoteCliOptions {
  note: string;
}

/** `--server`, `--token` and `--json`, as `skillset sync` takes them. */
function remoteOptions(command: Command): Command {
  return command
    .option('--server <url>', 'the Skillset server (default: SKILLSET_SERVER)')
    .option('--token <token>', 'your token (default: SKILLSET_TOKEN)')
    .option('--json', 'print machine-readable JSON');
}

/** Adds `push` and `review list|show|approve|reject`: publishing skills kept in git, and reviewing them. */
export function registerPushReview(program: Command, { terminal, outcome }: CommandContext): void {
  remoteOptions(
    program
      .command('push')
      .description(
        "Upload skill folders to the server's workspace as new skills or new versions (skills kept in git, published from CI); where the workspace requires review each becomes a proposal",
      )
      .argument(
        '[skill...]',
        "skill folders (holding SKILL.md) or names of project skills (default: every project skill — .claude/skills, .agents/skills, the other agents' folders and --dir — except those skillset sync or add installed)",
      )
      .addOption(
        new Option('--dir <dir>', 'also read project skills from this folder (repeatable)')
          .argParser(collect)
          .default([]),
      )
      .option('--note <text>', 'the change note of each new version (at most 500 characters)'),
  ).action(async (targets: string[], options: PushCliOptions) => {
    const { runPush } = await import('../commands/push.ts');
    const { dir, ...rest } = options;
    outcome.exitCode = await runPush(terminal, { targets, dirs: dir, ...rest });
  });

  const review = program
    .command('review')
    .description(
      'Review the proposed versions of workspace skills: list, show (diff, findings, signature, eval), approve (publish or roll back), reject',
    );
  remoteOptions(
    review
      .command('list')
      .description('List the proposals waiting for review, newest first')
      .option('--rejected', 'list the rejected proposals, with their notes, instead'),
  ).action(async (options: ReviewListCliOptions) => {
    const { runReviewList } = await import('../commands/review-list.ts');
    outcome.exitCode = await runReviewList(terminal, options);
  });
  remoteOptions(
    review
      .command('show')
      .description(
        'Show a proposal: author, message, digest, signature, eval delta, findings and the diff against the published version',
      )
      .argument(
        '<name[@version]>',
        "the skill, and the version (default: the skill's newest proposal)",
      ),
  ).action(async (revision: string, options: RemoteCliOptions) => {
    const { runReviewShow } = await import('../commands/review-show.ts');
    outcome.exitCode = await runReviewShow(terminal, { revision, ...options });
  });
  remoteOptions(
    review
      .command('approve')
      .description(
        'Publish the proposal review show prints (bound to its digest); an older version rolls the skill back to it',
      )
      .argument(
        '<name[@version]>',
        "the skill, and the version to publish (default: the skill's newest proposal)",
      )
      .option('--note <text>', 'a note kept with the published version')
      .option(
        '--override-recall-drop',
        "publish although its trigger-eval recall is lower than the published version's, where the workspace blocks that (recorded in the audit log)",
      ),
  ).action(async (revision: string, options: ReviewApproveCliOptions) => {
    const { runReviewApprove } = await import('../commands/review-approve.ts');
    outcome.exitCode = await runReviewApprove(terminal, { revision, ...options });
  });
  remoteOptions(
    review
      .command('reject')
      .description('Reject a proposal with a note for its author; it stays in the history')
      .argument(
        '<name[@version]>',
        "the skill, and the version (default: the skill's newest proposal)",
      )
      .requiredOption('--note <text>', 'why it is rejected (required; the author reads it)'),
  ).action(async (revision: string, options: ReviewRejectCliOptions) => {
    const { runReviewReject } = await import('../commands/review-reject.ts');
    outcome.exitCode = await runReviewReject(terminal, { revision, ...options });
  });
}
