import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';
import {
  formatSettingsPath,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  type SettingsAddition,
  sameJson,
} from './settings-change.ts';

/** Options for {@link mergeSettings}. */
export interface MergeSettingsOptions {
  /** The file's settings (not changed: a copy is returned). */
  settings: JsonObject;
  additions: readonly SettingsAddition[];
  /** The file, for messages. */
  file: string;
}

/** The merged settings and exactly what was added to them. */
export interface MergeSettingsResult {
  settings: JsonObject;
  /** The additions that were not already there. */
  added: SettingsAddition[];
  /** The objects and arrays created to hold them, outermost first. */
  containers: string[][];
}

function typeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function shapeError(file: string, path: readonly string[], wanted: string, found: JsonValue) {
  return new SkillsetError<CliErrorCode>({
    code: 'settings_conflict',
    message: `${file}: ${formatSettingsPath(path)} is ${typeOf(found)} where ${wanted} was expected; fix it (or move it away) and run the command again — nothing was changed.`,
    details: { file, path },
  });
}

/**
 * Adds `additions` to a settings object without replacing anything: objects and arrays on the way
 * are created when absent, an entry already in its array and a key already holding the same value
 * are left as they are, and a key holding another value or a path through a non-object throws.
 */
export function mergeSettings(options: MergeSettingsOptions): MergeSettingsResult {
  const { file } = options;
  const settings = structuredClone(options.settings);
  const added: SettingsAddition[] = [];
  const containers: string[][] = [];

  /** The object at `path`, created (and noted) where absent. */
  const objectAt = (path: readonly string[]): JsonObject => {
    let current: JsonObject = settings;
    path.forEach((key, depth) => {
      const next = Object.hasOwn(current, key) ? current[key] : undefined;
      if (next === undefined) {
        const created: JsonObject = {};
        current[key] = created;
        containers.push(path.slice(0, depth + 1));
        current = created;
      } else if (isJsonObject(next)) {
        current = next;
      } else {
        throw shapeError(file, path.slice(0, depth + 1), 'an object', next);
      }
    });
    return current;
  };

  for (const addition of options.additions) {
    const parent = objectAt(addition.path.slice(0, -1));
    const key = addition.path.at(-1) as string;
    const present = Object.hasOwn(parent, key) ? parent[key] : undefined;
    if (addition.kind === 'key') {
      if (present === undefined) {
        parent[key] = structuredClone(addition.value);
        added.push(addition);
      } else if (!sameJson(present, addition.value)) {
        throw new SkillsetError<CliErrorCode>({
          code: 'settings_conflict',
          message: `${file}: ${formatSettingsPath(addition.path)} is already set to ${JSON.stringify(present)}; connect would set ${JSON.stringify(addition.value)} and replaces nothing — remove that key and run the command again (nothing was changed).`,
          details: { file, path: addition.path },
        });
      }
      continue;
    }
    let array: JsonValue[];
    if (present === undefined) {
      array = [];
      parent[key] = array;
      containers.push([...addition.path]);
    } else if (Array.isArray(present)) {
      array = present;
    } else {
      throw shapeError(file, addition.path, 'an array', present);
    }
    if (array.some((entry) => sameJson(entry, addition.value))) continue;
    array.push(structuredClone(addition.value));
    added.push(addition);
  }
  return { settings, added, containers };
}
