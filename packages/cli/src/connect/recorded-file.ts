import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';
import type { AgentConnector, ConnectContext } from './agent-connector.ts';
import type { Connection } from './connection-record.ts';

/** A settings file as the record stores it: relative to the project, absolute for `--global`. */
export function storedPath(context: ConnectContext, file: string): string {
  return context.global ? file : path.relative(context.cwd, file).split(path.sep).join('/');
}

/** The absolute path of a file the record stores. */
export function recordedPath(context: ConnectContext, stored: string): string {
  return context.global ? stored : path.resolve(context.cwd, ...stored.split('/'));
}

/**
 * Throws unless every file a recorded connection names is one the agent's connector edits or
 * writes in this scope (and every folder it says it created holds such a file), so that a record
 * written by someone else cannot aim connect or disconnect at other files.
 */
export function checkRecordedFiles(
  connection: Connection | undefined,
  connector: AgentConnector,
  context: ConnectContext,
  recordFile: string,
): void {
  const allowed = new Set([
    ...connector.settingsFiles(context),
    ...(connector.files?.(context) ?? []).map((owned) => owned.file),
  ]);
  const owned = connection?.ownedFiles ?? [];
  const stored = [
    ...(connection?.files ?? []).map((change) => change.file),
    ...owned.map((record) => record.file),
  ];
  for (const entry of stored) {
    const file = recordedPath(context, entry);
    if (allowed.has(file) && (context.global ? path.isAbsolute(entry) : true)) continue;
    throw new SkillsetError<CliErrorCode>({
      code: 'connection_record_invalid',
      message: `${recordFile} says connect changed ${JSON.stringify(entry)} for ${connector.agent}, which is not a settings file connect writes (${[...allowed].join(', ')}); fix or delete that entry — nothing was changed.`,
      details: { file: recordFile },
    });
  }
  for (const record of owned) {
    const file = recordedPath(context, record.file);
    for (const folder of record.folders) {
      const created = recordedPath(context, folder);
      if (file.startsWith(created + path.sep)) continue;
      throw new SkillsetError<CliErrorCode>({
        code: 'connection_record_invalid',
        message: `${recordFile} says connect created the folder ${JSON.stringify(folder)} for ${JSON.stringify(record.file)}, which does not hold it; fix or delete that entry — nothing was changed.`,
        details: { file: recordFile },
      });
    }
  }
}
