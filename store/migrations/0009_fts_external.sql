-- 0009: the full-text index reads item text from items instead of keeping
-- a second copy of every title and content (FTS4 external content): a
-- download writes each item's text once. The index is touched only when
-- an item's title or content actually changes.

DROP TRIGGER items_fts_insert;
DROP TRIGGER items_fts_delete;
DROP TRIGGER items_fts_update;

-- The index itself does not change (same tokenizer, same docids, kept in
-- step with items by the old triggers): its shadow tables are copied into
-- the new table rather than rebuilt, so a store of 500,000 items does not
-- tokenize them all again on upgrade.
CREATE VIRTUAL TABLE items_fts_new USING fts4(title, content, content="items", tokenize=unicode61);
INSERT INTO items_fts_new_segments SELECT * FROM items_fts_segments;
INSERT INTO items_fts_new_segdir SELECT * FROM items_fts_segdir;
INSERT INTO items_fts_new_docsize SELECT * FROM items_fts_docsize;
INSERT INTO items_fts_new_stat SELECT * FROM items_fts_stat;
DROP TABLE items_fts;
ALTER TABLE items_fts_new RENAME TO items_fts;

-- An external-content index forgets a row by reading its current text, so
-- the old text leaves the index before items changes (BEFORE triggers),
-- and the new text enters after.
CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
    INSERT INTO items_fts(docid, title, content) VALUES (NEW.id, NEW.title, NEW.content);
END;
CREATE TRIGGER items_fts_delete BEFORE DELETE ON items BEGIN
    DELETE FROM items_fts WHERE docid = OLD.id;
END;
CREATE TRIGGER items_fts_unindex BEFORE UPDATE OF title, content ON items
WHEN OLD.title IS NOT NEW.title OR OLD.content IS NOT NEW.content BEGIN
    DELETE FROM items_fts WHERE docid = OLD.id;
END;
CREATE TRIGGER items_fts_index AFTER UPDATE OF title, content ON items
WHEN OLD.title IS NOT NEW.title OR OLD.content IS NOT NEW.content BEGIN
    INSERT INTO items_fts(docid, title, content) VALUES (NEW.id, NEW.title, NEW.content);
END;
