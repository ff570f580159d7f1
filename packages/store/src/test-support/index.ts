// `@skillset/store/test`: internals the project's own tests reach; not part of the library.
export { computeVersionHash } from '../content/compute-version-hash.ts';
export { sha256 } from '../content/sha256.ts';
export { digestTables } from '../copy/digest-store.ts';
export { listStoreTables } from '../copy/store-tables.ts';
export { MIGRATIONS_TABLE } from '../migrate/migrate.ts';
export { blobs, skills, skillVersions, usageEvents } from '../schema/index.ts';
