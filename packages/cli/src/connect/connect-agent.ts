import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError, type TrustedSigners } from '@skillset/core';
import { agentSkillFolders } from '../agents/agent-skill-folders.ts';
import { type AgentName, agentDefinition } from '../agents/agent-table.ts';
import type { CliErrorCode } from '../cli-error-code.ts';
import { displayFolder } from '../install/install-root.ts';
import { readSkillLock } from '../install/skill-lock.ts';
import type { Terminal } from '../output/terminal.ts';
import { runSyncPass, type SyncReport } from '../sync/run-sync-pass.ts';
import { createSyncClient } from '../sync/sync-client.ts';
import { SYNC_AGENTS, type SyncAgent, syncTargets } from '../sync/sync-targets.ts';
import type { AgentConnector, ConnectContext } from './agent-connector.ts';
import { agentConnector } from './agent-connectors.ts';
import {
  type Connection,
  connectionRecordFile,
  readConnectionRecord,
  writeConnectionRecord,
} from './connection-record.ts';
import type { TrustGrant } from './connector-trust.ts';
import { countAgentSkills } from './count-agent-skills.ts';
import { formatJsonSettings, readJsonSettings, writeJsonSettings } from './json-settings-file.ts';
import { mergeSettings } from './merge-settings.ts';
import { planOwnedFiles, writeOwnedFiles } from './owned-file.ts';
import { checkRecordedFiles, recordedPath, storedPath } from './recorded-file.ts';
import {
  type JsonObject,
  type SettingsAddition,
  type SettingsFileChange,
  sameJson,
  settingsValueAt,
} from './settings-change.ts';
import { settingsHold } from './settings-present.ts';
import { type SkillsetCommand, skillsetCommand } from './skillset-command.ts';
import { undoSettings } from './undo-settings.ts';

/** Options for {@link connectAgent}. */
export interface ConnectAgentOptions {
  agent: AgentName;
  /** The user's settings and folders instead of the project's. */
  global: boolean;
  /** Sync the agent's skills folder from this server first (the token is never written). */
  server?: { url: string; token: string; requireSigned: boolean; trust: TrustedSigners };
}

/** What connect did to one settings file. */
export interface ConnectFileReport {
  file: string;
  created: boolean;
  added: SettingsAddition[];
}

/** What {@link connectAgent} changed. */
export interface ConnectReport {
  agent: AgentName;
  label: string;
  /** Nothing changed: an earlier connect had made these very changes. */
  unchanged: boolean;
  files: ConnectFileReport[];
  /** Whole files connect wrote (OpenCode's plugin). */
  written: Array<{ file: string; created: boolean; label: string }>;
  /** What connect did beyond the files (Codex: the hook trust it granted). */
  notes: string[];
  /** What the person must still do for the agent to use what connect added. */
  warnings: string[];
  recordFile: string;
  command: SkillsetCommand;
  /** The agent's skill folders in this scope and how many skills each holds. */
  skills: Array<{ folder: string; count: number }>;
  sync?: SyncReport;
  explanation: string;
}

const isEmptySettings = (settings: JsonObject) => Object.keys(settings).length === 0;

const exists = async (file: string) => (await lstat(file).catch(() => undefined)) !== undefined;

function notConnectable(agent: AgentName): SkillsetError<CliErrorCode> {
  return new SkillsetError<CliErrorCode>({
    code: 'agent_not_connectable',
    message: `skillset cannot connect ${agentDefinition(agent).label} yet; its skills can still be put in its folder with skillset sync or export.`,
    details: { agent },
  });
}

/** Syncs the agent's folder from the server and says which of its skills were there before. */
async function syncFor(
  terminal: Terminal,
  options: ConnectAgentOptions,
  previous: Connection['server'],
): Promise<{ report: SyncReport; server: NonNullable<Connection['server']> }> {
  const server = options.server as NonNullable<ConnectAgentOptions['server']>;
  if (!(SYNC_AGENTS as readonly string[]).includes(options.agent)) {
    throw new SkillsetError<CliErrorCode>({
      code: 'agent_not_connectable',
      message: `skillset sync cannot fill ${agentDefinition(options.agent).label}'s folder yet; connect without --server.`,
      details: { agent: options.agent },
    });
  }
  const agent = options.agent as SyncAgent;
  const targets = syncTargets(terminal, [agent], options.global);
  const folder = targets.folders.get(agent) as string;
  const client = createSyncClient(server.url, server.token);
  const lockExisted = await exists(targets.lockFile);
  const lock = await readSkillLock(targets.lockFile);
  const base = path.dirname(targets.lockFile);
  const present = Object.entries(lock.skills).filter(
    ([name, entry]) =>
      entry.source.type === 'server' &&
      entry.source.url === client.server &&
      entry.folders.some((stored) => path.resolve(base, stored) === path.join(folder, name)),
  );
  const report = await runSyncPass({
    client,
    targets,
    requireSigned: server.requireSigned,
    trust: server.trust,
  });
  if (previous !== undefined) {
    if (previous.url === client.server && previous.workspace === report.workspace.id) {
      return { report, server: previous };
    }
    throw new SkillsetError<CliErrorCode>({
      code: 'agent_already_connected',
      message: `${agentDefinition(options.agent).label} is connected to ${previous.url} (workspace ${previous.workspace}); run skillset disconnect ${options.agent} first.`,
      details: { agent: options.agent },
    });
  }
  const before = present
    .filter(
      ([, entry]) =>
        entry.source.type === 'server' && entry.source.workspace === report.workspace.id,
    )
    .map(([name]) => name);
  return {
    report,
    server: {
      url: client.server,
      workspace: report.workspace.id,
      before,
      lockCreated: !lockExisted,
    },
  };
}

/**
 * The trust the agent needs for what connect added: kept when nothing changed and it was granted
 * before, otherwise the old grant is taken back and trust granted anew.
 */
async function grantTrust(
  connector: AgentConnector,
  context: ConnectContext,
  previous: Connection | undefined,
  unchanged: boolean,
): Promise<TrustGrant> {
  if (connector.trust === undefined) return { lines: [], warnings: [] };
  const before = previous?.trust;
  if (unchanged && before !== undefined && before.entries.length > 0) {
    return { record: before, lines: [], warnings: [] };
  }
  const revoked = before === undefined ? undefined : await connector.trust.revoke(context, before);
  const granted = await connector.trust.grant(context);
  return { ...granted, warnings: [...(revoked?.warnings ?? []), ...granted.warnings] };
}

/**
 * `skillset connect <agent>`: puts the skills in place (with `server`, by a sync pass into the
 * agent's folder) and adds the connector's settings through the agent's own extension points,
 * merged into existing settings without replacing anything, then records exactly what was added.
 * Every settings file is read and merged before anything is written, so bad input changes nothing;
 * a second connect with the same result changes nothing.
 */
export async function connectAgent(
  terminal: Terminal,
  options: ConnectAgentOptions,
): Promise<ConnectReport> {
  const { agent, global } = options;
  const connector = agentConnector(agent);
  if (connector === undefined) throw notConnectable(agent);
  const command = skillsetCommand(terminal.env);
  const context: ConnectContext = {
    cwd: terminal.cwd,
    env: terminal.env,
    global,
    skillsetCommand: command.command,
    skillsetBinary: command.binary,
  };
  const recordFile = connectionRecordFile(terminal, global);
  const record = await readConnectionRecord(recordFile);
  const previous = record.connections[agent];
  checkRecordedFiles(previous, connector, context, recordFile);
  const edits = connector.edits(context);
  const previousOf = (file: string) =>
    previous?.files.find((change) => recordedPath(context, change.file) === file);
  const files = [
    ...new Set([
      ...edits.map((edit) => edit.file),
      ...(previous?.files ?? []).map((change) => recordedPath(context, change.file)),
    ]),
  ];
  const read = await Promise.all(
    files.map((file) => readJsonSettings(file, displayFolder(terminal, file))),
  );

  const owned = await planOwnedFiles(
    context,
    connector.files?.(context) ?? [],
    previous?.ownedFiles ?? [],
    (file) => displayFolder(terminal, file),
  );
  const ownedRecords = owned.map((plan) => plan.record);

  const unchanged =
    previous !== undefined &&
    owned.every((plan) => plan.unchanged) &&
    sameJson((previous.ownedFiles ?? []) as never, ownedRecords as never) &&
    previous.files.length === edits.length &&
    edits.every((edit) => {
      const before = previousOf(edit.file);
      const current = read[files.indexOf(edit.file)];
      return (
        before !== undefined &&
        current !== undefined &&
        sameJson(before.additions as never, edit.additions as never) &&
        settingsHold(current.settings, edit.additions)
      );
    });

  // Connecting again with other additions: take back the old ones, then add the new ones.
  const plans = read.map((current) => {
    const before = previousOf(current.file);
    const undone =
      before === undefined ? current.settings : undoSettings(current.settings, before).settings;
    const merged = mergeSettings({
      settings: undone,
      additions: edits.find((edit) => edit.file === current.file)?.additions ?? [],
      file: displayFolder(terminal, current.file),
    });
    const change: SettingsFileChange = {
      file: storedPath(context, current.file),
      created: before?.created ?? !current.exists,
      containers: [
        ...(before?.containers ?? []).filter(
          (container) => settingsValueAt(undone, container) !== undefined,
        ),
        ...merged.containers,
      ],
      additions: merged.added,
    };
    return { current, merged, change };
  });

  const sync =
    options.server === undefined ? undefined : await syncFor(terminal, options, previous?.server);

  const reports: ConnectFileReport[] = [];
  if (!unchanged) {
    for (const { current, merged, change } of plans) {
      if (current.exists && sameJson(current.settings, merged.settings)) continue;
      if (!current.exists && merged.added.length === 0) continue;
      if (change.created && change.additions.length === 0 && isEmptySettings(merged.settings)) {
        await rm(current.file, { force: true });
      } else {
        await writeJsonSettings(
          current.file,
          formatJsonSettings(merged.settings, current.indent),
          current.mode,
        );
      }
      reports.push({ file: current.file, created: !current.exists, added: merged.added });
    }
    await writeOwnedFiles(owned);
  }
  const trust = await grantTrust(connector, context, previous, unchanged);
  const connection: Connection = {
    files: unchanged
      ? (previous?.files ?? [])
      : plans.map((plan) => plan.change).filter((change) => change.additions.length > 0),
    ...(ownedRecords.length === 0 ? {} : { ownedFiles: ownedRecords }),
    ...(trust.record === undefined ? {} : { trust: trust.record }),
    ...(sync === undefined
      ? previous?.server === undefined
        ? {}
        : { server: previous.server }
      : { server: sync.server }),
  };
  if (!sameJson(previous as never, connection as never)) {
    record.connections[agent] = connection;
    await writeConnectionRecord(recordFile, record);
  }
  const skills = agentSkillFolders(agent, terminal, global).reads.map((folder) => ({
    folder,
    count: countAgentSkills(folder),
  }));
  return {
    agent,
    label: agentDefinition(agent).label,
    unchanged:
      unchanged &&
      reports.length === 0 &&
      sameJson(previous?.trust as never, trust.record as never),
    files: reports,
    written: unchanged
      ? []
      : owned
          .filter((plan) => !plan.unchanged)
          .map((plan) => ({
            file: plan.owned.file,
            created: plan.created,
            label: plan.owned.label,
          })),
    notes: trust.lines,
    warnings: trust.warnings,
    recordFile,
    command,
    skills,
    ...(sync === undefined ? {} : { sync: sync.report }),
    explanation: connector.explanation,
  };
}
