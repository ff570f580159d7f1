import { describe, expect, it } from 'vitest';
import { mergeSettings } from './merge-settings.ts';
import type { SettingsAddition } from './settings-change.ts';
import { undoSettings } from './undo-settings.ts';

const additions: SettingsAddition[] = [
  { kind: 'key', path: ['mcp', 'skillset'], value: { command: 'skillset', args: ['mcp'] } },
  { kind: 'entry', path: ['plugin'], value: 'skillset-plugin' },
];

describe('mergeSettings and undoSettings', () => {
  it('adds keys and entries, creating their containers, and takes back only those', () => {
    const merged = mergeSettings({ settings: { theme: 'dark' }, additions, file: 'a.json' });
    expect(merged.settings).toEqual({
      theme: 'dark',
      mcp: { skillset: { command: 'skillset', args: ['mcp'] } },
      plugin: ['skillset-plugin'],
    });
    expect(merged.containers).toEqual([['mcp'], ['plugin']]);
    const change = { file: 'a.json', created: false, ...merged, additions: merged.added };
    const later = { ...merged.settings, plugin: ['other', 'skillset-plugin'] };
    const undone = undoSettings(later, change);
    expect(undone.settings).toEqual({ theme: 'dark', plugin: ['other'] });
    expect(undone.removed).toEqual(['plugin[]', 'mcp.skillset']);
    expect(undone.leftAlone).toEqual([]);
  });

  it('records nothing for what is already there and refuses to replace another value', () => {
    const present = {
      mcp: { skillset: { args: ['mcp'], command: 'skillset' } },
      plugin: ['skillset-plugin'],
    };
    const merged = mergeSettings({ settings: present, additions, file: 'a.json' });
    expect(merged.added).toEqual([]);
    expect(merged.containers).toEqual([]);
    expect(() =>
      mergeSettings({ settings: { mcp: { skillset: 'mine' } }, additions, file: 'a.json' }),
    ).toThrow(
      'a.json: mcp.skillset is already set to "mine"; connect would set {"command":"skillset","args":["mcp"]} and replaces nothing',
    );
    expect(() => mergeSettings({ settings: { mcp: [] }, additions, file: 'a.json' })).toThrow(
      'a.json: mcp is an array where an object was expected',
    );
  });

  it('leaves a key changed since connect and reports it', () => {
    const merged = mergeSettings({ settings: {}, additions, file: 'a.json' });
    const change = {
      file: 'a.json',
      created: true,
      containers: merged.containers,
      additions: merged.added,
    };
    const undone = undoSettings({ mcp: { skillset: { command: 'other' } } }, change);
    expect(undone.settings).toEqual({ mcp: { skillset: { command: 'other' } } });
    expect(undone.leftAlone.map((left) => left.reason)).toEqual([
      'the entry connect added to plugin is no longer there as connect wrote it (changed or removed since); nothing of plugin was removed',
      'mcp.skillset was changed since connect set it (now {"command":"other"}); left as it is',
    ]);
    expect(undone.empty).toBe(false);
  });
});
