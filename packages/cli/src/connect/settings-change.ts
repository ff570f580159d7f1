/** A JSON value as settings files hold them. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * One thing connect adds to a settings file: the value of a key that was absent (`key`), or one
 * element appended to the array at `path` (`entry`).
 */
export interface SettingsAddition {
  kind: 'key' | 'entry';
  /** Keys from the top of the file: the key set (`key`) or the array appended to (`entry`). */
  path: string[];
  value: JsonValue;
}

/** What connect did to one settings file, exactly, so that disconnect can take back just that. */
export interface SettingsFileChange {
  /** The file (relative to the project for a project connection, absolute for `--global`). */
  file: string;
  /** Connect created the file. */
  created: boolean;
  /** The objects and arrays connect created to hold its additions, outermost first. */
  containers: string[][];
  /** What connect added, in order; what was already there is not listed. */
  additions: SettingsAddition[];
}

/** `hooks.UserPromptSubmit` — a path as people read it. */
export function formatSettingsPath(path: readonly string[]): string {
  return path.length === 0 ? '(top level)' : path.join('.');
}

/** Whether two JSON values are equal (objects whatever their key order). */
export function sameJson(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((value, index) => sameJson(value, right[index]))
    );
  }
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}

/** Whether a JSON value is an object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path` in some settings; undefined when a key on the way is absent. */
export function settingsValueAt(
  settings: JsonObject,
  path: readonly string[],
): JsonValue | undefined {
  let current: JsonValue | undefined = settings;
  for (const key of path) {
    if (!isJsonObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}
