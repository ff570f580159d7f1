import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, resolveStoreOptions } from './resolve-store-options.ts';

describe('resolveStoreOptions', () => {
  it('prefers --database-url, then DATABASE_URL, then --data-dir, then SKILLSET_DATA_DIR', () => {
    const env = { DATABASE_URL: 'postgres://env/db', SKILLSET_DATA_DIR: '/env/data' };
    expect(
      resolveStoreOptions({ databaseUrl: 'postgres://flag/db', dataDir: '/flag', env }),
    ).toEqual({
      databaseUrl: 'postgres://flag/db',
    });
    expect(resolveStoreOptions({ dataDir: '/flag', env })).toEqual({
      databaseUrl: 'postgres://env/db',
    });
    expect(
      resolveStoreOptions({ dataDir: '/flag', env: { SKILLSET_DATA_DIR: '/env/data' } }),
    ).toEqual({
      dataDir: '/flag',
    });
    expect(
      resolveStoreOptions({ env: { SKILLSET_DATA_DIR: '/env/data', DATABASE_URL: ' ' } }),
    ).toEqual({
      dataDir: '/env/data',
    });
    expect(resolveStoreOptions({ env: {} })).toEqual({ dataDir: DEFAULT_DATA_DIR });
  });
});
