import type { StoreDatabase } from './store-database.ts';

/** What repositories run on: the database, or the transaction of `store.transaction`. */
export interface StoreSession {
  database: StoreDatabase;
}

/** Runs `work` in a transaction (a savepoint when the session already is one), so a failure leaves nothing. */
export function runInTransaction<Result>(
  session: StoreSession,
  work: (database: StoreDatabase) => Promise<Result>,
): Promise<Result> {
  return session.database.transaction((transaction) => work(transaction as StoreDatabase));
}
