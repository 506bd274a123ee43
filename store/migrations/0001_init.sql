-- 0001: folders, feeds, per-feed sync state, items, enclosures.
-- Times are Unix seconds (UTC); NULL means "never" / "unknown".

CREATE TABLE folders (
    id        INTEGER PRIMARY KEY,
    parent_id INTEGER REFERENCES folders(id) ON DELETE CASCADE,
    name      TEXT NOT NULL,
    -- path is the slash-joined names from the root ("News/Tech"); it makes a
    -- subtree one index range: path = 'A' OR path >= 'A/' AND path < 'A0'.
    path      TEXT NOT NULL UNIQUE
);
CREATE INDEX folders_parent ON folders(parent_id);

CREATE TABLE feeds (
    id                  INTEGER PRIMARY KEY,
    url                 TEXT NOT NULL UNIQUE,
    title               TEXT NOT NULL DEFAULT '',
    custom_title        INTEGER NOT NULL DEFAULT 0,
    site_url            TEXT NOT NULL DEFAULT '',
    description         TEXT NOT NULL DEFAULT '',
    folder_id           INTEGER REFERENCES folders(id) ON DELETE SET NULL,
    sync                TEXT NOT NULL DEFAULT 'default'
                        CHECK (sync IN ('default', 'interval', 'manual')),
    interval_minutes    INTEGER NOT NULL DEFAULT 0,   -- 0: not set
    max_items           INTEGER NOT NULL DEFAULT 0,   -- 0: the configured default
    download_enclosures INTEGER NOT NULL DEFAULT 0,
    enclosures_since    INTEGER,                      -- when download_enclosures was turned on
    is_list             INTEGER NOT NULL DEFAULT 0,
    ttl_minutes         INTEGER NOT NULL DEFAULT 0,   -- publisher's minimum (ttl or sy:*)
    skip_hours          TEXT NOT NULL DEFAULT '',     -- "0,1,23"
    skip_days           TEXT NOT NULL DEFAULT '',     -- "0,6" (time.Weekday)
    stopped             TEXT NOT NULL DEFAULT ''      -- why automatic updates stopped
                        CHECK (stopped IN ('', 'gone', 'ended')),
    watch               INTEGER NOT NULL DEFAULT 0,
    item_count          INTEGER NOT NULL DEFAULT 0,   -- kept by triggers on items
    unread_count        INTEGER NOT NULL DEFAULT 0,   -- kept by triggers on items
    created_at          INTEGER NOT NULL
);
CREATE INDEX feeds_folder ON feeds(folder_id);

CREATE TABLE feed_sync (
    feed_id          INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
    etag             TEXT NOT NULL DEFAULT '',
    last_modified    TEXT NOT NULL DEFAULT '',
    body_hash        TEXT NOT NULL DEFAULT '',
    last_full_bytes  INTEGER NOT NULL DEFAULT 0,   -- size of the last full 200 body
    last_download_at INTEGER,
    last_attempt_at  INTEGER,
    next_sync_at     INTEGER,
    failures         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT NOT NULL DEFAULT '',
    retry_after      INTEGER,                      -- server asked not before this time
    bytes_received   INTEGER NOT NULL DEFAULT 0,
    bytes_saved      INTEGER NOT NULL DEFAULT 0,
    requests         INTEGER NOT NULL DEFAULT 0,
    not_modified     INTEGER NOT NULL DEFAULT 0,
    delta_responses  INTEGER NOT NULL DEFAULT 0,
    claimed_by       TEXT NOT NULL DEFAULT '',
    claimed_until    INTEGER
);
CREATE INDEX feed_sync_next ON feed_sync(next_sync_at);

CREATE TABLE items (
    id            INTEGER PRIMARY KEY,
    feed_id       INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
    item_key      TEXT NOT NULL,                  -- g:guid, l:link or h:hash
    guid          TEXT NOT NULL DEFAULT '',
    title         TEXT NOT NULL DEFAULT '',
    link          TEXT NOT NULL DEFAULT '',
    author        TEXT NOT NULL DEFAULT '',
    content       TEXT NOT NULL DEFAULT '',
    summary       TEXT NOT NULL DEFAULT '',
    categories    TEXT NOT NULL DEFAULT '[]',     -- JSON array of strings
    published_at  INTEGER,
    updated_at    INTEGER,
    first_seen_at INTEGER NOT NULL,
    sort_at       INTEGER NOT NULL,               -- published_at, else first_seen_at
    list_pos      INTEGER NOT NULL DEFAULT 0,     -- document order in list feeds
    read          INTEGER NOT NULL DEFAULT 0,
    flagged       INTEGER NOT NULL DEFAULT 0,
    UNIQUE (feed_id, item_key)
);
CREATE INDEX items_feed_sort ON items(feed_id, sort_at DESC, id DESC);
CREATE INDEX items_sort ON items(sort_at DESC, id DESC);
CREATE INDEX items_unread_sort ON items(sort_at DESC, id DESC) WHERE read = 0;
CREATE INDEX items_flagged_sort ON items(sort_at DESC, id DESC) WHERE flagged = 1;

CREATE TABLE enclosures (
    id          INTEGER PRIMARY KEY,
    item_id     INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    url         TEXT NOT NULL,
    type        TEXT NOT NULL DEFAULT '',
    length      INTEGER NOT NULL DEFAULT 0,
    status      TEXT NOT NULL DEFAULT 'none'
                CHECK (status IN ('none', 'queued', 'downloading', 'downloaded', 'failed', 'blocked')),
    error       TEXT NOT NULL DEFAULT '',
    path        TEXT NOT NULL DEFAULT '',
    bytes_done  INTEGER NOT NULL DEFAULT 0,
    bytes_total INTEGER NOT NULL DEFAULT 0,
    queued_at   INTEGER,
    UNIQUE (item_id, url)
);
CREATE INDEX enclosures_queue ON enclosures(status, queued_at, id);

-- Per-feed counters, so unread counts of 2,000 feeds never scan 500,000 items.
CREATE TRIGGER items_count_insert AFTER INSERT ON items BEGIN
    UPDATE feeds SET item_count = item_count + 1,
                     unread_count = unread_count + (NEW.read = 0)
     WHERE id = NEW.feed_id;
END;
CREATE TRIGGER items_count_delete AFTER DELETE ON items BEGIN
    UPDATE feeds SET item_count = item_count - 1,
                     unread_count = unread_count - (OLD.read = 0)
     WHERE id = OLD.feed_id;
END;
CREATE TRIGGER items_count_read AFTER UPDATE OF read ON items
WHEN (OLD.read = 0) <> (NEW.read = 0) BEGIN
    UPDATE feeds SET unread_count = unread_count + (NEW.read = 0) - (OLD.read = 0)
     WHERE id = NEW.feed_id;
END;
