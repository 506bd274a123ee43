-- The sort date of an item is its published date, else its updated date,
-- else the time it was first seen (before: published, else first seen).
-- The list, the river, purge and `items` order by it; published_at and
-- updated_at stay as the feed gave them.
UPDATE items SET sort_at = coalesce(published_at, updated_at, first_seen_at)
 WHERE sort_at IS NOT coalesce(published_at, updated_at, first_seen_at);

-- A list feed's items in document order, for its list and its purge.
CREATE INDEX items_feed_list ON items(feed_id, list_pos, id DESC);

-- What a podcast says of an episode for the reader: itunes:duration in
-- seconds (0: unknown) and itunes:image (or a media thumbnail).
ALTER TABLE items ADD COLUMN duration_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE items ADD COLUMN image TEXT NOT NULL DEFAULT '';
