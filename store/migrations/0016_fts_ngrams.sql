-- 0016: words of scripts written without spaces (Chinese, Japanese,
-- Korean, Thai …) become findable inside a run of text. The tokenizer
-- took a whole run ("東京の天気は晴れ") as one token, so only a search
-- for its beginning found it. html_text now indexes such runs as their
-- overlapping bigrams, and so does title_text, which the title is now
-- read through (see store/fts_ngram.go); a search term is cut into the
-- same bigrams, as a phrase.
DROP VIEW items_fts_text;
CREATE VIEW items_fts_text AS SELECT i.id AS rowid, title_text(i.title) AS title,
    html_text(i.content) || coalesce((SELECT ' ' || html_text(a.html) FROM articles a
        WHERE a.item_id = i.id AND a.html <> ''), '') AS content
    FROM items i;

-- Every stored item is tokenized again, once: the old index holds the
-- runs whole.
INSERT INTO items_fts(items_fts) VALUES ('rebuild');
