import { displayFolder } from '../install/install-root.ts';
import { openLocalPolicy } from '../open-local-policy.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';
import { resolveServerAccess } from '../server-api/resolve-server-access.ts';
import { runSyncPass, type SyncReport } from '../sync/run-sync-pass.ts';
import { createSyncClient } from '../sync/sync-client.ts';
import { type SyncAgent, syncTargets } from '../sync/sync-targets.ts';
import { watchSync } from '../sync/watch-sync.ts';

/** Options for {@link runSync}. */
export interface SyncCommandOptions {
  server?: string;
  token?: string;
  agents: SyncAgent[];
  global?: boolean;
  dryRun?: boolean;
  force?: boolean;
  watch?: boolean;
  json?: boolean;
  /** Ends `--watch` (tests; the process's SIGINT/SIGTERM otherwise). */
  signal?: AbortSignal;
}

function printReport(terminal: Terminal, report: SyncReport, dryRun: boolean) {
  const mark = { install: '+', update: '~', remove: '-' } as const;
  const verb = dryRun ? 'Would sync' : 'Synced';
  printLine(
    terminal,
    `${verb} from ${report.server} (workspace ${report.workspace.name}): ${report.actions.length} change${report.actions.length === 1 ? '' : 's'}, ${report.unchanged.length} unchanged, ${report.conflicts.length} left alone.`,
  );
  for (const action of report.actions) {
    const version =
      action.kind === 'remove'
        ? ''
        : ` v${action.version}${action.previousVersion === undefined ? '' : ` (was v${action.previousVersion})`}`;
    const removed =
      action.removed === undefined ? '' : `; second copy removed: ${action.removed.join(', ')}`;
    printLine(
      terminal,
      `  ${mark[action.kind]} ${action.name}${version}  ${action.folders.join(', ')}${removed}`,
    );
    if (action.signature !== undefined) printLine(terminal, `      ${action.signature}`);
  }
  for (const conflict of report.conflicts) printLine(terminal, `  ! ${conflict.reason}`);
  if (!dryRun) printLine(terminal, `Lock: ${displayFolder(terminal, report.lockFile)}`);
}

/**
 * `skillset sync --server URL`: the skills the token's principal may use, into the agents'
 * folders, with a lockfile; `--watch` keeps them in step with the server's change feed.
 */
export async function runSync(terminal: Terminal, options: SyncCommandOptions): Promise<number> {
  const access = resolveServerAccess(terminal, options);
  if (typeof access === 'string') {
    terminal.stderr.write(`skillset: ${access}\n`);
    return 1;
  }
  const policy = await openLocalPolicy(terminal);
  const client = createSyncClient(access.server, access.token);
  const targets = syncTargets(terminal, options.agents, options.global === true);
  const dryRun = options.dryRun === true && options.watch !== true;
  let failed = false;
  const pass = async () => {
    try {
      const report = await runSyncPass({
        client,
        targets,
        force: options.force === true,
        dryRun,
        requireSigned: policy.context.requireSigned === true,
        trust: policy.trust,
      });
      if (report.conflicts.length > 0) failed = true;
      if (options.json) printJson(terminal, report);
      else if (!options.watch || report.actions.length > 0 || report.conflicts.length > 0)
        printReport(terminal, report, dryRun);
    } catch (error) {
      failed = true;
      terminal.stderr.write(`skillset: ${(error as Error).message}\n`);
    }
  };
  if (options.watch !== true) {
    await pass();
    return failed ? 1 : 0;
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  options.signal?.addEventListener('abort', onSignal, { once: true });
  terminal.stderr.write(`skillset: watching ${client.server} for changes; Ctrl-C stops.\n`);
  try {
    await watchSync({
      client,
      pass,
      signal: stop.signal,
      onDisconnect: (message) => terminal.stderr.write(`skillset: ${message}\n`),
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return 0;
}
