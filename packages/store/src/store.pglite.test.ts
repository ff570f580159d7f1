import { PGlite } from '@electric-sql/pglite';
import { afterAll } from 'vitest';
import { openStore } from './store/open-store.ts';
import { defineStoreContract } from './store.contract.ts';

// Starting PGlite takes seconds; cloning a started one is much faster.
let template: Promise<PGlite> | undefined;
const fresh = async () => {
  template ??= PGlite.create();
  return (await (await template).clone()) as PGlite;
};

// PGlite is single-process: a "second instance" is the same in-memory database.
defineStoreContract('PGlite', {
  sharedDatabase: false,
  open: async (options = {}) => openStore({ pglite: await fresh(), migrate: true, ...options }),
  async openFresh() {
    const store = await openStore({ pglite: await fresh() });
    return [store, { ...store, close: async () => {} }];
  },
});

afterAll(async () => {
  await (await template)?.close();
});
