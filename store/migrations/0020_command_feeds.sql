-- 0017: command feeds and filter feeds (newsboat's "exec:" and "filter:").
-- url keeps the source as the person wrote it ("exec:COMMAND" or
-- "filter:COMMAND:URL"): it stays unique and is shown as given. source
-- says which kind the feed is and command holds its command alone; a
-- filter feed's web address is url after 'filter:' || command || ':'.
-- The commands run only while the database file is the user's own (the
-- engine checks it before each run).
ALTER TABLE feeds ADD COLUMN source TEXT NOT NULL DEFAULT 'url'
    CHECK (source IN ('url', 'exec', 'filter'));
ALTER TABLE feeds ADD COLUMN command TEXT NOT NULL DEFAULT '';
