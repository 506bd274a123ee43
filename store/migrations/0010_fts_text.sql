-- 0010: the full-text index holds the words of an item's content, not its
-- HTML: tag names, attribute values and URLs were tokens too, so a search
-- for "href" or "div" matched nearly every item, and tokenizing the markup
-- was most of the cost of writing an item. The index reads its text
-- through a view that strips the markup (html_text, a Go function every
-- connection registers, see store/fts_text.go); it forgets an item by
-- reading the same view, so old and new text tokenize alike.

DROP TRIGGER items_fts_insert;
DROP TRIGGER items_fts_delete;
DROP TRIGGER items_fts_unindex;
DROP TRIGGER items_fts_index;
DROP TABLE items_fts;

CREATE VIEW items_fts_text AS SELECT id AS rowid, title, html_text(content) AS content FROM items;
CREATE VIRTUAL TABLE items_fts USING fts4(title, content, content="items_fts_text", matchinfo=fts3, tokenize=unicode61);
-- Every stored item is tokenized again, once (the old index holds the
-- markup's tokens and cannot be carried over).
INSERT INTO items_fts(items_fts) VALUES ('rebuild');

CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
    INSERT INTO items_fts(docid, title, content) VALUES (NEW.id, NEW.title, html_text(NEW.content));
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
    INSERT INTO items_fts(docid, title, content) VALUES (NEW.id, NEW.title, html_text(NEW.content));
END;
