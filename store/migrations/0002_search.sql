-- 0002: full-text search over item titles and content (FTS4, in go-sqlite3's
-- default build), kept in step with items by triggers.

CREATE VIRTUAL TABLE items_fts USING fts4(title, content, tokenize=unicode61);

INSERT INTO items_fts(docid, title, content) SELECT id, title, content FROM items;

CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
    INSERT INTO items_fts(docid, title, content) VALUES (NEW.id, NEW.title, NEW.content);
END;
CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
    DELETE FROM items_fts WHERE docid = OLD.id;
END;
CREATE TRIGGER items_fts_update AFTER UPDATE OF title, content ON items BEGIN
    DELETE FROM items_fts WHERE docid = OLD.id;
    INSERT INTO items_fts(docid, title, content) VALUES (NEW.id, NEW.title, NEW.content);
END;
