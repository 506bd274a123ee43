-- Rules, saved searches, hidden items and tombstones.
--
-- A rule (hide, read, flag, delete) is applied to new and updated items
-- inside the download's transaction. A hidden item stays in the table but
-- out of every count and list; the per-feed counters below skip it. A
-- deleted item leaves a tombstone by identity (feed, item_key) so the next
-- download does not add it again; tombstones are pruned with the purge.

ALTER TABLE items ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;

CREATE TABLE rules (
    id         INTEGER PRIMARY KEY,
    expr       TEXT NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('hide', 'read', 'flag', 'delete')),
    feed_id    INTEGER REFERENCES feeds(id) ON DELETE CASCADE,  -- NULL: every feed
    created_at INTEGER NOT NULL
);

CREATE TABLE saved_searches (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    expr       TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE TABLE item_tombstones (
    feed_id  INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
    item_key TEXT NOT NULL,
    -- the delete rule that removed the item: removing the rule lets the
    -- item come back with the feed's next full document
    rule_id  INTEGER REFERENCES rules(id) ON DELETE CASCADE,
    seen_at  INTEGER NOT NULL,   -- last download whose document held it
    PRIMARY KEY (feed_id, item_key)
) WITHOUT ROWID;
CREATE INDEX item_tombstones_seen ON item_tombstones(feed_id, seen_at);

-- The counters count visible items only.
DROP TRIGGER items_count_insert;
DROP TRIGGER items_count_delete;
DROP TRIGGER items_count_read;

CREATE TRIGGER items_count_insert AFTER INSERT ON items WHEN NEW.hidden = 0 BEGIN
    UPDATE feeds SET item_count = item_count + 1,
                     unread_count = unread_count + (NEW.read = 0)
     WHERE id = NEW.feed_id;
END;
CREATE TRIGGER items_count_delete AFTER DELETE ON items WHEN OLD.hidden = 0 BEGIN
    UPDATE feeds SET item_count = item_count - 1,
                     unread_count = unread_count - (OLD.read = 0)
     WHERE id = OLD.feed_id;
END;
CREATE TRIGGER items_count_change AFTER UPDATE OF read, hidden ON items
WHEN (OLD.read = 0) <> (NEW.read = 0) OR (OLD.hidden = 0) <> (NEW.hidden = 0) BEGIN
    UPDATE feeds SET
        item_count = item_count + (NEW.hidden = 0) - (OLD.hidden = 0),
        unread_count = unread_count + (NEW.hidden = 0 AND NEW.read = 0) - (OLD.hidden = 0 AND OLD.read = 0)
     WHERE id = NEW.feed_id;
END;
