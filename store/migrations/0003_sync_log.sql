-- 0003: one row per download attempt, for the statistics view's charts
-- over time. Rows older than 90 days are pruned as new ones arrive.

CREATE TABLE sync_log (
    id             INTEGER PRIMARY KEY,
    feed_id        INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
    at             INTEGER NOT NULL,
    status         INTEGER NOT NULL DEFAULT 0,  -- HTTP status, 0 without a response
    ok             INTEGER NOT NULL,
    bytes_received INTEGER NOT NULL DEFAULT 0,
    bytes_saved    INTEGER NOT NULL DEFAULT 0,
    new_items      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sync_log_at ON sync_log(at);
CREATE INDEX sync_log_feed_at ON sync_log(feed_id, at);
