/** The PostgreSQL store's foundations: connections, schema migrations and leader election. */
export { DEFAULT_POOL_SIZE, isPostgresUrl, openPool, redactUrl, storeUnavailable, storeUrlSecrets, type PgSettings } from './connection.js';
export { loadMigrations, migrate, type Migration, type MigrationResult } from './migrate.js';
export { createLeaderElector, type LeaderElector, type LeaderOptions, type LeaderRole } from './leader.js';
export { LEADER_LOCK, MIGRATION_LOCK, type LockKey } from './locks.js';
export { openPgStore, type OpenPgStoreOptions } from './store.js';
