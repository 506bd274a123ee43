-- 0012: items_feed_list (feed_id, list_pos, id DESC) goes. Every new item
-- wrote an entry in it, and every item whose place in its document moved
-- (all of a feed's items when one new item arrives on top) rewrote its
-- entry, for two queries that only list feeds run: a list feed's page and
-- its purge in document order. Those now find the feed's items through
-- items_feed_sort (feed_id, ...) and sort them, a list feed holding no
-- more items than its document plus the flagged ones. Every other query
-- that used it by feed_id (counts, marking a feed read, dropping unlisted
-- items) uses items_feed_sort the same way.

DROP INDEX items_feed_list;
