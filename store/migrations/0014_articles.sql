-- 0014: whole articles for feeds that send only a summary. A feed with
-- full_text set has the page of each new item fetched once and its
-- article extracted (engine/article); articles holds one row per item
-- that was queued or fetched, and goes with its item (ON DELETE CASCADE).
--
-- status: queued (waiting for the round's article pass), fetching (taken
-- by a process; left so if it died: never fetched again by itself),
-- fetched (html holds the sanitized article), failed (error says why),
-- kept (the page had no more text than the feed: the feed's is kept, and
-- error says so). Only 'tidings article' fetches an item again.

ALTER TABLE feeds ADD COLUMN full_text INTEGER NOT NULL DEFAULT 0;

CREATE TABLE articles (
    item_id    INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
    status     TEXT NOT NULL DEFAULT 'queued'
               CHECK (status IN ('queued', 'fetching', 'fetched', 'failed', 'kept')),
    html       TEXT NOT NULL DEFAULT '',
    byline     TEXT NOT NULL DEFAULT '',
    words      INTEGER NOT NULL DEFAULT 0,
    error      TEXT NOT NULL DEFAULT '',
    url        TEXT NOT NULL DEFAULT '',   -- where the page came from, after redirects
    queued_at  INTEGER,
    fetched_at INTEGER
);
CREATE INDEX articles_queue ON articles(queued_at, item_id) WHERE status = 'queued';

-- The full-text index sees an article's words with its item's content.
-- No item has an article yet, so the view gives every stored item the
-- text it gave before and the index needs no rebuild. An article enters
-- and leaves the index from Go (store/articles.go): its item's words are
-- forgotten through this view, the article written, and the item's words
-- indexed again from the view.
DROP VIEW items_fts_text;
CREATE VIEW items_fts_text AS SELECT i.id AS rowid, i.title,
    html_text(i.content) || coalesce((SELECT ' ' || html_text(a.html) FROM articles a
        WHERE a.item_id = i.id AND a.html <> ''), '') AS content
    FROM items i;

-- A changed title or content is indexed again from the view too, so that
-- an item keeps its article's words through an update.
DROP TRIGGER items_fts_index;
CREATE TRIGGER items_fts_index AFTER UPDATE OF title, content ON items
WHEN OLD.title IS NOT NEW.title OR OLD.content IS NOT NEW.content BEGIN
    INSERT INTO items_fts(docid, title, content)
        SELECT rowid, title, content FROM items_fts_text WHERE rowid = NEW.id;
END;
