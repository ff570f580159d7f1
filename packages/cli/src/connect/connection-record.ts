import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import { z } from 'zod';
import { AGENT_NAMES, type AgentName } from '../agents/agent-table.ts';
import type { CliErrorCode } from '../cli-error-code.ts';
import type { TrustRecord } from './connector-trust.ts';
import type { OwnedFileRecord } from './owned-file.ts';
import type { SettingsFileChange } from './settings-change.ts';

/** The record's name: beside `skillset-lock.json` (the project, or `$XDG_CONFIG_HOME/skillset`). */
export const CONNECTIONS_FILE = 'skillset-connections.json';

const pathSchema = z.array(z.string()).max(32);

const changeSchema = z.strictObject({
  file: z.string().min(1),
  created: z.boolean(),
  containers: z.array(pathSchema),
  additions: z.array(
    z.strictObject({
      kind: z.enum(['key', 'entry']),
      path: pathSchema.min(1),
      value: z.json(),
    }),
  ),
});

const connectionSchema = z.strictObject({
  /** The settings files connect changed, and exactly how. */
  files: z.array(changeSchema),
  /** Whole files connect wrote (OpenCode's plugin): their hash, and the folders created for them. */
  ownedFiles: z
    .array(
      z.strictObject({
        file: z.string().min(1),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        folders: z.array(z.string().min(1)),
      }),
    )
    .optional(),
  /** Trust connect granted in the agent's own store (Codex's hook trust). */
  trust: z
    .strictObject({
      entries: z.array(z.strictObject({ key: z.string().min(1), hash: z.string().min(1) })),
      createdTable: z.boolean(),
    })
    .optional(),
  /** The server `connect --server` synced from; the token is never recorded (decision 0142). */
  server: z
    .strictObject({
      url: z.string(),
      workspace: z.string(),
      /** Skills of that server already in the agent's folder before connect: disconnect keeps them. */
      before: z.array(z.string()),
      /** Connect's sync created the lockfile. */
      lockCreated: z.boolean(),
    })
    .optional(),
});

const recordSchema = z.strictObject({
  version: z.literal(1),
  connections: z.partialRecord(
    z.enum(AGENT_NAMES as [AgentName, ...AgentName[]]),
    connectionSchema,
  ),
});

/** What connect changed for one agent. */
export interface Connection {
  files: SettingsFileChange[];
  ownedFiles?: OwnedFileRecord[];
  trust?: TrustRecord;
  server?: { url: string; workspace: string; before: string[]; lockCreated: boolean };
}

/** `skillset-connections.json`: per agent, what `skillset connect` changed. */
export interface ConnectionRecord {
  version: 1;
  connections: Partial<Record<AgentName, Connection>>;
}

/** Where connect keeps its record: the project folder, or `$XDG_CONFIG_HOME/skillset` with `global`. */
export function connectionRecordFile(
  context: { cwd: string; env: Readonly<Record<string, string | undefined>> },
  global: boolean,
): string {
  if (!global) return path.resolve(context.cwd, CONNECTIONS_FILE);
  const home = context.env.HOME || os.homedir();
  const config = context.env.XDG_CONFIG_HOME || path.join(home, '.config');
  return path.join(config, 'skillset', CONNECTIONS_FILE);
}

function invalidRecord(file: string, problem: string, cause?: unknown) {
  return new SkillsetError<CliErrorCode>({
    code: 'connection_record_invalid',
    message: `${file} ${problem}; fix or delete it and run the command again — nothing was changed.`,
    details: { file },
    cause,
  });
}

/** Reads the record; a missing file is an empty record, a malformed one throws naming the file and what is wrong. */
export async function readConnectionRecord(file: string): Promise<ConnectionRecord> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, connections: {} };
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalidRecord(file, `is not valid JSON (${(error as Error).message})`, error);
  }
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidRecord(
      file,
      `is not a Skillset connections file: ${issue?.path.join('.') || 'the file'}: ${issue?.message}`,
    );
  }
  return parsed.data as ConnectionRecord;
}

/** Writes the record atomically, or deletes the file when no connection is left. */
export async function writeConnectionRecord(file: string, record: ConnectionRecord): Promise<void> {
  const agents = AGENT_NAMES.filter((agent) => record.connections[agent] !== undefined);
  if (agents.length === 0) {
    await rm(file, { force: true });
    return;
  }
  const connections = Object.fromEntries(agents.map((agent) => [agent, record.connections[agent]]));
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify({ version: 1, connections }, null, 2)}\n`, {
      flag: 'wx',
    });
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
