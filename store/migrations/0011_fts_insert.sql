-- 0011: a new item enters the full-text index from Go, not through a
-- trigger. The trigger called html_text for every inserted item: a
-- callback from SQLite into Go whose crossing (argument copy, reflect
-- call) cost as much as the stripping itself. insertItem (store/merge.go),
-- the one statement that inserts into items, now computes the same text
-- with indexText and inserts it into items_fts as a bound parameter.
--
-- The index must still hold exactly what the view items_fts_text gives,
-- because deletes and changes of text forget an item by reading that view
-- (triggers items_fts_delete, items_fts_unindex and items_fts_index stay,
-- and keep calling html_text). A program that inserts into items with its
-- own SQL must insert into items_fts too, or run
-- INSERT INTO items_fts(items_fts) VALUES ('rebuild') afterwards.

DROP TRIGGER items_fts_insert;
