import {
  formatSettingsPath,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  type SettingsFileChange,
  sameJson,
  settingsValueAt,
} from './settings-change.ts';

/** Something connect added that disconnect left where it was, and why. */
export interface LeftAlone {
  path: string[];
  reason: string;
}

/** The settings with connect's additions taken back. */
export interface UndoSettingsResult {
  settings: JsonObject;
  /** The additions taken back, as `hooks.UserPromptSubmit[]` or `permissions.allow`. */
  removed: string[];
  leftAlone: LeftAlone[];
  /** Nothing connect added remains and nothing else is in the file: delete it if connect created it. */
  empty: boolean;
}

function isEmptyContainer(value: JsonValue | undefined): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && Object.keys(value).length === 0;
}

/**
 * Takes back what {@link SettingsFileChange} says connect added, whatever else changed in the file
 * since: a key still holding the value connect set is removed, an entry equal to the one connect
 * appended is removed from its array, and a container connect created is removed once empty. A
 * key or entry changed since is left and reported.
 */
export function undoSettings(settings: JsonObject, change: SettingsFileChange): UndoSettingsResult {
  const result = structuredClone(settings);
  const removed: string[] = [];
  const leftAlone: LeftAlone[] = [];
  for (const addition of [...change.additions].reverse()) {
    const parent = settingsValueAt(result, addition.path.slice(0, -1));
    const key = addition.path.at(-1) as string;
    const present = isJsonObject(parent) && Object.hasOwn(parent, key) ? parent[key] : undefined;
    const shown = formatSettingsPath(addition.path);
    if (addition.kind === 'key') {
      if (present === undefined) continue;
      if (sameJson(present, addition.value) && isJsonObject(parent)) {
        delete parent[key];
        removed.push(shown);
      } else {
        leftAlone.push({
          path: addition.path,
          reason: `${shown} was changed since connect set it (now ${JSON.stringify(present)}); left as it is`,
        });
      }
      continue;
    }
    const index = Array.isArray(present)
      ? present.findLastIndex((entry) => sameJson(entry, addition.value))
      : -1;
    if (Array.isArray(present) && index >= 0) {
      present.splice(index, 1);
      removed.push(`${shown}[]`);
    } else {
      leftAlone.push({
        path: addition.path,
        reason: `the entry connect added to ${shown} is no longer there as connect wrote it (changed or removed since); nothing of ${shown} was removed`,
      });
    }
  }
  for (const path of [...change.containers].reverse()) {
    const parent = settingsValueAt(result, path.slice(0, -1));
    const key = path.at(-1) as string;
    if (isJsonObject(parent) && isEmptyContainer(parent[key])) delete parent[key];
  }
  return { settings: result, removed, leftAlone, empty: Object.keys(result).length === 0 };
}
