-- 0004: an account on a feed-sync server (FreshRSS, Miniflux …): which
-- feeds are the account's, the account's sync state, the journal of read
-- and flag changes made here that wait to be pushed, and the account's
-- items purged here.

-- The server's id of a feed of the account; NULL for a local feed, which
-- tidings downloads itself. A feed of the account is never fetched here.
ALTER TABLE feeds ADD COLUMN remote_id TEXT;
CREATE UNIQUE INDEX feeds_remote ON feeds(remote_id) WHERE remote_id IS NOT NULL;

CREATE TABLE remote_account (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    account         TEXT NOT NULL,              -- "type url user": whose state this is
    cursor          TEXT NOT NULL DEFAULT '',   -- the protocol's cursor for the next pull
    last_sync_at    INTEGER,
    last_attempt_at INTEGER,
    last_error      TEXT NOT NULL DEFAULT '',
    offline         INTEGER NOT NULL DEFAULT 0, -- the last attempt could not reach the server
    claimed_by      TEXT NOT NULL DEFAULT '',
    claimed_until   INTEGER
);

-- One row per item and field: a later mark replaces an earlier one with a
-- new id, so an acknowledgement deletes only the rows its push carried.
CREATE TABLE remote_journal (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id TEXT NOT NULL,                      -- the server's id of the item
    field   TEXT NOT NULL CHECK (field IN ('read', 'starred')),
    value   INTEGER NOT NULL,
    at      INTEGER NOT NULL,
    sent_at INTEGER,                            -- a push of it began and was not acknowledged
    UNIQUE (item_id, field)
);

-- Items of the account that purge removed here: not fetched again while
-- the server still has them.
CREATE TABLE remote_purged (
    item_id TEXT PRIMARY KEY
) WITHOUT ROWID;
