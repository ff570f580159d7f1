import type { AgentName } from '../agents/agent-table.ts';
import { type DisconnectReport, disconnectAgent } from '../connect/disconnect-agent.ts';
import { displayFolder } from '../install/install-root.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runDisconnect}. */
export interface DisconnectCommandOptions {
  agent: AgentName;
  global?: boolean;
  json?: boolean;
}

function printReport(terminal: Terminal, report: DisconnectReport) {
  const show = (file: string) => displayFolder(terminal, file);
  if (report.notConnected) {
    printLine(
      terminal,
      `${report.label} is not connected here (${show(report.recordFile)} has no connection to it); nothing changed.`,
    );
    return;
  }
  printLine(terminal, `Disconnected ${report.label}:`);
  for (const file of report.files) {
    if (file.deleted) printLine(terminal, `  - ${show(file.file)}: deleted (connect created it)`);
    else if (file.removed.length > 0) {
      printLine(terminal, `  - ${show(file.file)}: removed ${file.removed.join(', ')}`);
    }
    for (const left of file.leftAlone)
      printLine(terminal, `  ! ${show(file.file)}: ${left.reason}`);
  }
  for (const file of report.removedFiles)
    printLine(terminal, `  - ${show(file)}: deleted (connect wrote it)`);
  for (const kept of report.keptFiles) printLine(terminal, `  ! ${kept.reason}`);
  for (const note of report.notes) printLine(terminal, `  - ${note}`);
  for (const warning of report.warnings) printLine(terminal, `  ! ${warning}`);
  for (const folder of report.removedSkills) printLine(terminal, `  - ${show(folder)}`);
  for (const kept of report.keptSkills)
    printLine(terminal, `  ! ${show(kept.folder)} ${kept.reason}`);
}

/** `skillset disconnect <agent>`: takes back what connect recorded and prints what it did. */
export async function runDisconnect(
  terminal: Terminal,
  options: DisconnectCommandOptions,
): Promise<number> {
  const report = await disconnectAgent(terminal, {
    agent: options.agent,
    global: options.global === true,
  });
  if (options.json) printJson(terminal, report);
  else printReport(terminal, report);
  const leftAlone =
    report.keptSkills.length +
    report.keptFiles.length +
    report.warnings.length +
    report.files.reduce((sum, file) => sum + file.leftAlone.length, 0);
  return leftAlone > 0 ? 1 : 0;
}
