import type { AgentName } from '../agents/agent-table.ts';
import { type ConnectReport, connectAgent } from '../connect/connect-agent.ts';
import { connectionRecordFile, readConnectionRecord } from '../connect/connection-record.ts';
import { formatSettingsPath } from '../connect/settings-change.ts';
import { agentHook } from '../hook/agent-hooks.ts';
import { createHookRanker } from '../hook/create-hook-ranker.ts';
import { displayFolder } from '../install/install-root.ts';
import { openLocalPolicy } from '../open-local-policy.ts';
import { plural } from '../output/plural.ts';
import { createProgress } from '../output/progress.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runConnect}. */
export interface ConnectCommandOptions {
  agent: AgentName;
  global?: boolean;
  server?: string;
  token?: string;
  json?: boolean;
}

function printReport(terminal: Terminal, report: ConnectReport, global: boolean) {
  const show = (file: string) => displayFolder(terminal, file);
  const where = global ? 'for your user' : 'in this project';
  if (report.unchanged) {
    printLine(terminal, `${report.label} is already connected ${where}; nothing changed.`);
  } else {
    printLine(terminal, `Connected ${report.label} ${where}:`);
    for (const file of report.files) {
      const created = file.created ? ' (created)' : '';
      for (const addition of file.added) {
        const target =
          addition.kind === 'entry'
            ? `added to ${formatSettingsPath(addition.path)}`
            : `set ${formatSettingsPath(addition.path)} to`;
        printLine(
          terminal,
          `  + ${show(file.file)}${created}: ${target} ${JSON.stringify(addition.value)}`,
        );
      }
    }
    for (const written of report.written) {
      printLine(
        terminal,
        `  + ${show(written.file)}${written.created ? ' (created)' : ' (updated)'}: ${written.label}`,
      );
    }
    for (const note of report.notes) printLine(terminal, `  + ${note}`);
    printLine(terminal, `  ${report.explanation}.`);
  }
  for (const warning of report.warnings) printLine(terminal, `! ${warning}`);
  if (report.sync !== undefined) {
    const { sync } = report;
    printLine(
      terminal,
      `Synced from ${sync.server} (workspace ${sync.workspace.name}): ${plural(sync.actions.length, 'change')}, ${sync.unchanged.length} unchanged, ${sync.conflicts.length} left alone.`,
    );
    for (const conflict of sync.conflicts) printLine(terminal, `  ! ${conflict.reason}`);
  }
  const skills = report.skills
    .filter((folder) => folder.count > 0)
    .map((folder) => `${folder.count} in ${show(folder.folder)}`);
  if (skills.length > 0) printLine(terminal, `Skills ${report.label} reads: ${skills.join(', ')}.`);
  else {
    printLine(
      terminal,
      `No skills in ${show(report.skills[0]?.folder ?? '')} yet: add some (skillset add, skillset sync --server, skillset export --to ${report.agent}); ${report.label} suggests only skills it can load.`,
    );
  }
  if (!report.command.onPath) {
    printLine(
      terminal,
      `Note: skillset is not on your PATH, so the settings run ${report.command.command}; whoever shares these settings needs it there (or put skillset on PATH and connect again).`,
    );
  }
  if (!report.unchanged) {
    printLine(
      terminal,
      `Recorded in ${show(report.recordFile)}; skillset disconnect ${report.agent}${global ? ' --global' : ''} takes it back.`,
    );
  }
}

/** Whether the agent is connected in the other scope too (the project's and the user's hooks both run). */
async function connectedInOtherScope(
  terminal: Terminal,
  agent: AgentName,
  global: boolean,
): Promise<boolean> {
  try {
    const record = await readConnectionRecord(connectionRecordFile(terminal, !global));
    return record.connections[agent] !== undefined;
  } catch {
    return false;
  }
}

/**
 * Indexes the skills the hook ranks now, so that the first prompt finds the caches written
 * (decision 0143); a problem here is said and does not fail the connect.
 */
async function warmHook(terminal: Terminal, agent: AgentName): Promise<void> {
  if (agentHook(agent) === undefined) return;
  const progress = createProgress(terminal);
  progress.update('Indexing the skills for the hook…');
  const ranker = createHookRanker({ watch: false });
  try {
    await ranker.rank({ agent, cwd: terminal.cwd, env: terminal.env, query: 'skill', limit: 1 });
  } catch (error) {
    terminal.stderr.write(
      `skillset: warning: the hook cannot rank the skills yet: ${(error as Error).message}\n`,
    );
  } finally {
    progress.done();
    await ranker.close();
  }
}

/** `skillset connect <agent>`: wires Skillset into the agent's settings and prints what changed. */
export async function runConnect(
  terminal: Terminal,
  options: ConnectCommandOptions,
): Promise<number> {
  const global = options.global === true;
  let server: Parameters<typeof connectAgent>[1]['server'];
  if (options.server !== undefined) {
    const token = options.token ?? terminal.env.SKILLSET_TOKEN;
    if (!/^https?:\/\/[^/]/.test(options.server)) {
      terminal.stderr.write(
        `skillset: '${options.server}' is not an http(s) URL; pass --server https://skills.example.com.\n`,
      );
      return 1;
    }
    if (token === undefined || token.trim() === '') {
      terminal.stderr.write(
        "skillset: --server needs a token; create one in the web UI's settings and pass it with --token or SKILLSET_TOKEN (it is never written to a file).\n",
      );
      return 1;
    }
    const policy = await openLocalPolicy(terminal);
    server = {
      url: options.server,
      token: token.trim(),
      requireSigned: policy.context.requireSigned === true,
      trust: policy.trust,
    };
  } else if (options.token !== undefined) {
    terminal.stderr.write('skillset: --token is for --server; pass both, or neither.\n');
    return 1;
  }
  const report = await connectAgent(terminal, {
    agent: options.agent,
    global,
    ...(server === undefined ? {} : { server }),
  });
  await warmHook(terminal, options.agent);
  if (options.json) printJson(terminal, report);
  else {
    printReport(terminal, report, global);
    if (await connectedInOtherScope(terminal, options.agent, global)) {
      printLine(
        terminal,
        `Note: ${report.label} is also connected ${global ? 'in this project' : 'for your user'}, so each prompt gets the suggestions twice; skillset disconnect ${options.agent}${global ? '' : ' --global'} takes that one back.`,
      );
    }
  }
  return (report.sync?.conflicts.length ?? 0) > 0 ? 1 : 0;
}
