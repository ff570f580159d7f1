import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './settings-change.ts';

/** A settings file as read: its settings (empty when the file is missing) and how it was written. */
export interface JsonSettingsFile {
  /** Absolute path. */
  file: string;
  exists: boolean;
  settings: JsonObject;
  /** The indentation of the file's first indented line (two spaces when there is none). */
  indent: string;
  /** The file's permission bits, kept when it is written again. */
  mode?: number;
}

function invalid(shown: string, message: string, cause?: unknown) {
  return new SkillsetError<CliErrorCode>({
    code: 'settings_invalid',
    message: `${shown} ${message}; fix it and run the command again — nothing was changed.`,
    details: { file: shown },
    cause,
  });
}

/** "line 3, column 5" for a JSON.parse error that names a position. */
function positionOf(text: string, error: Error): string | undefined {
  const match = /position (\d+)/.exec(error.message);
  if (match === null) return undefined;
  const before = text.slice(0, Number(match[1]));
  const line = before.split('\n').length;
  return `line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
}

/**
 * Reads a JSON settings file; a missing file is empty settings. A file that is not a JSON object
 * (malformed, or an array), a symbolic link or not a regular file throws naming `shown` and where.
 */
export async function readJsonSettings(file: string, shown: string): Promise<JsonSettingsFile> {
  const stat = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stat === undefined) return { file, exists: false, settings: {}, indent: '  ' };
  if (stat.isSymbolicLink()) {
    throw invalid(shown, 'is a symbolic link, which connect does not write through');
  }
  if (!stat.isFile()) throw invalid(shown, 'is not a regular file');
  const text = await readFile(file, 'utf8');
  let value: JsonValue;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, '')) as JsonValue;
  } catch (error) {
    const where = positionOf(text, error as Error);
    throw invalid(
      shown,
      `is not valid JSON${where === undefined ? '' : ` at ${where}`} (${(error as Error).message})`,
      error,
    );
  }
  if (!isJsonObject(value)) {
    throw invalid(
      shown,
      `holds ${Array.isArray(value) ? 'an array' : 'no JSON object'} at the top`,
    );
  }
  const indent = /^[ \t]+(?=\S)/m.exec(text)?.[0] ?? '  ';
  return { file, exists: true, settings: value, indent, mode: stat.mode & 0o777 };
}

/** The text a settings object is written as, in the file's indentation, ending with a newline. */
export function formatJsonSettings(settings: JsonObject, indent: string): string {
  return `${JSON.stringify(settings, null, indent)}\n`;
}

/**
 * Writes settings atomically (a temporary file renamed over the old one), creating its folder;
 * `mode` keeps an existing file's permissions.
 */
export async function writeJsonSettings(file: string, text: string, mode?: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, text, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
