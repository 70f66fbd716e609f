/**
 * Advisory lock keys (the two-integer form). The first half names this application, so other
 * software on the same database never collides with us; the second says what the lock guards.
 * Advisory locks belong to one database: two bots on different databases never meet.
 */
export type LockKey = readonly [number, number];

/** "TBM1" as a 32-bit integer. */
export const LOCK_NAMESPACE = 0x54424d31;

/** Held (for one transaction) while the schema is brought up to date. */
export const MIGRATION_LOCK: LockKey = [LOCK_NAMESPACE, 1];
/** Held (for a session, on the leader's dedicated connection) by the instance that runs the bot. */
export const LEADER_LOCK: LockKey = [LOCK_NAMESPACE, 2];
/** Held (for one transaction) while a testbed is added, so two instances never pick the same new id. */
export const ADD_TESTBED_LOCK: LockKey = [LOCK_NAMESPACE, 3];
