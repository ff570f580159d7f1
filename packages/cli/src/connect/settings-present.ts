import {
  type JsonObject,
  type SettingsAddition,
  sameJson,
  settingsValueAt,
} from './settings-change.ts';

/** Whether every addition is in the settings as it would be written: the key with that value, the entry in its array. */
export function settingsHold(
  settings: JsonObject,
  additions: readonly SettingsAddition[],
): boolean {
  return additions.every((addition) => {
    const current = settingsValueAt(settings, addition.path);
    if (addition.kind === 'key') return sameJson(current, addition.value);
    return Array.isArray(current) && current.some((entry) => sameJson(entry, addition.value));
  });
}
