-- 0017: the full-text index is a third smaller, and a single character
-- of a script written without spaces finds every item that holds it.
--
-- One column. The index kept the title and the content apart, and FTS4
-- marks each entry of a column other than the first with two bytes:
-- with bigrams, most of an item's entries are its content's. Nothing
-- searches one column alone, so the index holds one, body: the title's
-- words, then the content's (and the article's).
--
-- Run tails. A search for one character is a prefix query ("天*"),
-- which finds the bigrams that start with it; the last character of a
-- run starts none ("晴天"). html_text and title_text now add the last
-- character of each run of two or more, alone, after the text (see
-- store/fts_ngram.go).
--
-- Every stored item is tokenized again, once.
DROP TRIGGER items_fts_index;
DROP TABLE items_fts;
DROP VIEW items_fts_text;
CREATE VIEW items_fts_text AS SELECT i.id AS rowid,
    title_text(i.title) || ' ' || html_text(i.content) || coalesce((SELECT ' ' || html_text(a.html) FROM articles a
        WHERE a.item_id = i.id AND a.html <> ''), '') AS body
    FROM items i;
CREATE VIRTUAL TABLE items_fts USING fts4(body, content="items_fts_text", matchinfo=fts3, tokenize=unicode61);
INSERT INTO items_fts(items_fts) VALUES ('rebuild');
CREATE TRIGGER items_fts_index AFTER UPDATE OF title, content ON items
WHEN OLD.title IS NOT NEW.title OR OLD.content IS NOT NEW.content BEGIN
    INSERT INTO items_fts(docid, body) SELECT rowid, body FROM items_fts_text WHERE rowid = NEW.id;
END;
