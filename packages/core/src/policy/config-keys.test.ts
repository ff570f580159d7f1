import { describe, expect, it } from 'vitest';
import { listConfigKeys } from './config-keys.ts';

describe('listConfigKeys', () => {
  it('lists set keys, nested ones as dotted paths with their parents', () => {
    expect(
      listConfigKeys({ apiKey: 'k', browser: { enabled: true, profile: '' }, count: 0 }),
    ).toEqual(['apiKey', 'browser', 'browser.enabled', 'count']);
  });

  it('leaves out false, null and empty values, and parents with nothing set', () => {
    expect(
      listConfigKeys({ off: false, nothing: null, blank: '', empty: {}, deep: { off: false } }),
    ).toEqual([]);
  });

  it('counts a list as one set value', () => {
    expect(listConfigKeys({ hosts: ['a'] })).toEqual(['hosts']);
  });
});
