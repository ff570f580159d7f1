import { Command } from 'commander';
import { readCliVersion } from './cli-version.ts';
import type { Terminal } from './output/terminal.ts';
import type { CommandContext, CommandOutcome } from './program/command-context.ts';
import { registerAdd } from './program/register-add.ts';
import { registerBackup } from './program/register-backup.ts';
import { registerCatalog } from './program/register-catalog.ts';
import { registerChat } from './program/register-chat.ts';
import { registerConnect } from './program/register-connect.ts';
import { registerDb } from './program/register-db.ts';
import { registerDoctor } from './program/register-doctor.ts';
import { registerEval } from './program/register-eval.ts';
import { registerExport } from './program/register-export.ts';
import { registerInvoke } from './program/register-invoke.ts';
import { registerList } from './program/register-list.ts';
import { registerMcp } from './program/register-mcp.ts';
import { registerPack } from './program/register-pack.ts';
import { registerPushReview } from './program/register-push-review.ts';
import { registerRemove } from './program/register-remove.ts';
import { registerRun } from './program/register-run.ts';
import { registerSearch } from './program/register-search.ts';
import { registerServe } from './program/register-serve.ts';
import { registerShow } from './program/register-show.ts';
import { registerSign } from './program/register-sign.ts';
import { registerSignInLink } from './program/register-sign-in-link.ts';
import { registerSync } from './program/register-sync.ts';
import { registerToken } from './program/register-token.ts';
import { registerUpdate } from './program/register-update.ts';
import { registerValidate } from './program/register-validate.ts';
import { registerVerify } from './program/register-verify.ts';

export type { CommandOutcome } from './program/command-context.ts';

/** The commands in the order `skillset --help` lists them. */
const registrations: ReadonlyArray<(program: Command, context: CommandContext) => void> = [
  registerValidate,
  registerList,
  registerShow,
  registerSign,
  registerVerify,
  registerCatalog,
  registerDoctor,
  registerInvoke,
  registerRun,
  registerSearch,
  registerChat,
  registerEval,
  registerConnect,
  registerSync,
  registerPushReview,
  registerMcp,
  registerAdd,
  registerUpdate,
  registerRemove,
  registerExport,
  registerPack,
  registerServe,
  registerSignInLink,
  registerToken,
  registerDb,
  registerBackup,
];

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
  for (const register of registrations) register(program, { terminal, outcome });
  return program;
}
