import { rm } from 'node:fs/promises';
import { SkillsetError } from '@skillset/core';
import { agentSkillFolders } from '../agents/agent-skill-folders.ts';
import { type AgentName, agentDefinition } from '../agents/agent-table.ts';
import type { CliErrorCode } from '../cli-error-code.ts';
import { displayFolder } from '../install/install-root.ts';
import type { Terminal } from '../output/terminal.ts';
import { type SyncAgent, syncTargets } from '../sync/sync-targets.ts';
import type { ConnectContext } from './agent-connector.ts';
import { agentConnector } from './agent-connectors.ts';
import {
  connectionRecordFile,
  readConnectionRecord,
  writeConnectionRecord,
} from './connection-record.ts';
import { formatJsonSettings, readJsonSettings, writeJsonSettings } from './json-settings-file.ts';
import { removeOwnedFiles } from './owned-file.ts';
import { checkRecordedFiles, recordedPath } from './recorded-file.ts';
import { removeSyncedSkills } from './remove-synced-skills.ts';
import { sameJson } from './settings-change.ts';
import { type LeftAlone, undoSettings } from './undo-settings.ts';

/** Options for {@link disconnectAgent}. */
export interface DisconnectAgentOptions {
  agent: AgentName;
  global: boolean;
}

/** What disconnect did to one settings file. */
export interface DisconnectFileReport {
  file: string;
  /** The file connect created held nothing else, so it was deleted. */
  deleted: boolean;
  removed: string[];
  leftAlone: LeftAlone[];
}

/** What {@link disconnectAgent} took back. */
export interface DisconnectReport {
  agent: AgentName;
  label: string;
  /** There was no connection to take back. */
  notConnected: boolean;
  files: DisconnectFileReport[];
  recordFile: string;
  /** Skill folders sync had installed for the connection, removed. */
  removedSkills: string[];
  /** Skill folders left because they were edited since. */
  keptSkills: Array<{ folder: string; reason: string }>;
  /** Whole files connect wrote, deleted. */
  removedFiles: string[];
  /** Whole files connect wrote, left because they were changed since. */
  keptFiles: Array<{ file: string; reason: string }>;
  /** What disconnect took back beyond the files (Codex: the hook trust connect granted). */
  notes: string[];
  /** What the person must still do by hand. */
  warnings: string[];
}

/**
 * `skillset disconnect <agent>`: takes back exactly what connect recorded — its keys and entries
 * still as connect wrote them (a value changed since is left and reported), the files it created
 * when nothing else is in them, and the skills its sync installed that were not edited since.
 * Every file is read and checked before anything is written.
 */
export async function disconnectAgent(
  terminal: Terminal,
  options: DisconnectAgentOptions,
): Promise<DisconnectReport> {
  const { agent, global } = options;
  const recordFile = connectionRecordFile(terminal, global);
  const record = await readConnectionRecord(recordFile);
  const connection = record.connections[agent];
  const report: DisconnectReport = {
    agent,
    label: agentDefinition(agent).label,
    notConnected: connection === undefined,
    files: [],
    recordFile,
    removedSkills: [],
    keptSkills: [],
    removedFiles: [],
    keptFiles: [],
    notes: [],
    warnings: [],
  };
  if (connection === undefined) return report;
  const connector = agentConnector(agent);
  if (connector === undefined) {
    throw new SkillsetError<CliErrorCode>({
      code: 'agent_not_connectable',
      message: `${recordFile} records a connection to ${report.label}, which this skillset cannot take back; remove what it lists by hand.`,
      details: { agent },
    });
  }
  const context: ConnectContext = {
    cwd: terminal.cwd,
    env: terminal.env,
    global,
    skillsetCommand: 'skillset',
    skillsetBinary: 'skillset',
  };
  checkRecordedFiles(connection, connector, context, recordFile);
  const plans = await Promise.all(
    connection.files.map(async (change) => {
      const file = recordedPath(context, change.file);
      const current = await readJsonSettings(file, displayFolder(terminal, file));
      return { change, current, undone: undoSettings(current.settings, change) };
    }),
  );
  for (const { change, current, undone } of plans) {
    if (!current.exists) continue;
    const deleted = change.created && undone.empty;
    if (deleted) await rm(current.file, { force: true });
    else if (!sameJson(current.settings, undone.settings)) {
      await writeJsonSettings(
        current.file,
        formatJsonSettings(undone.settings, current.indent),
        current.mode,
      );
    }
    report.files.push({
      file: current.file,
      deleted,
      removed: undone.removed,
      leftAlone: undone.leftAlone,
    });
  }
  const owned = await removeOwnedFiles(context, connection.ownedFiles ?? [], (file) =>
    displayFolder(terminal, file),
  );
  report.removedFiles = owned.removed;
  report.keptFiles = owned.leftAlone;
  if (connection.trust !== undefined && connector.trust !== undefined) {
    const revoked = await connector.trust.revoke(context, connection.trust);
    report.notes = revoked.lines;
    report.warnings = revoked.warnings;
  }
  if (connection.server !== undefined) {
    const targets = syncTargets(terminal, [agent as SyncAgent], global);
    const skills = await removeSyncedSkills({
      lockFile: targets.lockFile,
      agent,
      folder:
        targets.folders.get(agent as SyncAgent) ??
        agentSkillFolders(agent, terminal, global).install,
      server: connection.server,
      deleteEmptyLock: connection.server.lockCreated,
    });
    report.removedSkills = skills.removed;
    report.keptSkills = skills.leftAlone;
  }
  delete record.connections[agent];
  await writeConnectionRecord(recordFile, record);
  return report;
}
