-- The first schema of the PostgreSQL store (docs/store.md explains each table).
-- Record field names keep the documents' spelling; times are timestamptz and read back as
-- ISO 8601 UTC with a trailing Z.

-- One row per testbed, retired ones included (so their ids are never given out again).
CREATE TABLE testbeds (
  id                    integer PRIMARY KEY CHECK (id > 0),
  testbed_name          text NOT NULL CHECK (btrim(testbed_name) <> ''),
  status                text NOT NULL CHECK (status IN ('available', 'in_use')),
  user_email            text,
  user_name             text,
  registered_time       timestamptz,
  purpose               text,
  expected_release_time timestamptz,
  labels                text[] NOT NULL DEFAULT '{}',
  description           text,
  -- {reason, until, since, by} while under maintenance, else null
  maintenance           jsonb,
  -- set when an admin retired it: gone from status and forms, its id kept
  retired_at            timestamptz,
  -- raised by every change, for conditional updates (UPDATE … WHERE id = $1 AND version = $2)
  version               integer NOT NULL DEFAULT 1,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT testbeds_holder_matches_status CHECK (
    (status = 'available' AND user_email IS NULL AND user_name IS NULL AND registered_time IS NULL
      AND purpose IS NULL AND expected_release_time IS NULL)
    OR
    (status = 'in_use' AND user_email IS NOT NULL AND user_name IS NOT NULL AND registered_time IS NOT NULL
      AND purpose IS NOT NULL AND expected_release_time IS NOT NULL)
  ),
  CONSTRAINT testbeds_maintenance_when_available CHECK (maintenance IS NULL OR status = 'available'),
  CONSTRAINT testbeds_retired_when_available CHECK (retired_at IS NULL OR status = 'available')
);

-- Names are unique ignoring case among the testbeds in service.
CREATE UNIQUE INDEX testbeds_name_unique ON testbeds (lower(btrim(testbed_name))) WHERE retired_at IS NULL;
CREATE INDEX testbeds_due ON testbeds (expected_release_time) WHERE status = 'in_use';

-- The broadcast room list, in the order people wrote it.
CREATE TABLE broadcast_rooms (
  room_id     text PRIMARY KEY CHECK (btrim(room_id) <> ''),
  name        text NOT NULL CHECK (btrim(name) <> ''),
  description text NOT NULL DEFAULT '',
  position    integer NOT NULL
);

-- Per testbed: reminder and overdue facts, wait-list, open offer, asks (the lifecycle entry
-- without its testbed_id), as one JSON value changed in the same transaction as the record.
CREATE TABLE lifecycle (
  testbed_id integer PRIMARY KEY REFERENCES testbeds (id),
  entry      jsonb NOT NULL,
  version    integer NOT NULL DEFAULT 1
);

-- Who did what, when: append-only; `line` is the history line exactly as the JSON file holds it.
CREATE TABLE history (
  seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at         timestamptz NOT NULL,
  event      text NOT NULL,
  testbed_id integer NOT NULL,
  line       jsonb NOT NULL
);
CREATE INDEX history_at ON history (at);
CREATE INDEX history_testbed_at ON history (testbed_id, at);

-- Single facts of the whole bot, by name: e.g. 'digest' → {"last_posted_for": "…Z"}.
CREATE TABLE bot_state (
  name    text PRIMARY KEY,
  value   jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1
);

-- Timers claimed by one instance: a reminder, an overdue notice, the end of a hold, a digest.
-- The key names the timer and the deadline it belongs to (e.g. 'reminder:12:2025-01-31T09:30:00.000Z'),
-- so inserting it is the claim: exactly one instance succeeds. A claim with no done_at whose
-- instance died is taken over once it is older than the claim timeout.
CREATE TABLE timer_claims (
  timer      text PRIMARY KEY,
  due_at     timestamptz NOT NULL,
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  done_at    timestamptz
);
CREATE INDEX timer_claims_open ON timer_claims (claimed_at) WHERE done_at IS NULL;
