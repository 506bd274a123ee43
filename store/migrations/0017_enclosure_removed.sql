-- 0017: an enclosure the person took off the download queue, or whose
-- downloaded file they deleted, is 'removed': never queued again
-- automatically (a feed's automatic downloads take only 'none'), queued
-- again when they ask (e, or r in the podcast queue). SQLite cannot
-- change a CHECK constraint in place: the table is rebuilt with the same
-- rows and indexes (nothing references it).

CREATE TABLE enclosures_new (
    id          INTEGER PRIMARY KEY,
    item_id     INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    url         TEXT NOT NULL,
    type        TEXT NOT NULL DEFAULT '',
    length      INTEGER NOT NULL DEFAULT 0,
    status      TEXT NOT NULL DEFAULT 'none'
                CHECK (status IN ('none', 'queued', 'downloading', 'downloaded', 'failed', 'blocked', 'removed')),
    error       TEXT NOT NULL DEFAULT '',
    path        TEXT NOT NULL DEFAULT '',
    bytes_done  INTEGER NOT NULL DEFAULT 0,
    bytes_total INTEGER NOT NULL DEFAULT 0,
    queued_at   INTEGER,
    claimed_by  TEXT NOT NULL DEFAULT '',
    part_path   TEXT NOT NULL DEFAULT '',
    validator   TEXT NOT NULL DEFAULT '',
    UNIQUE (item_id, url)
);

INSERT INTO enclosures_new (id, item_id, url, type, length, status, error, path, bytes_done, bytes_total,
    queued_at, claimed_by, part_path, validator)
SELECT id, item_id, url, type, length, status, error, path, bytes_done, bytes_total,
    queued_at, claimed_by, part_path, validator FROM enclosures;

DROP TABLE enclosures;
ALTER TABLE enclosures_new RENAME TO enclosures;

CREATE INDEX enclosures_queue ON enclosures(status, queued_at, id);
CREATE INDEX enclosures_path ON enclosures(path) WHERE path <> '';
CREATE INDEX enclosures_part_path ON enclosures(part_path) WHERE part_path <> '';
