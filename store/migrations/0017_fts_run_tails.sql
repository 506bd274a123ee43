-- 0017: a single character of a script written without spaces finds
-- every item that holds it. A search for one character is a prefix
-- query ("天*"), which finds the bigrams that start with it; the last
-- character of a run starts none ("晴天"). html_text and title_text now
-- add the last character of each run of two or more, alone, after the
-- text (see store/fts_ngram.go).
--
-- Every stored item is tokenized again, once.
INSERT INTO items_fts(items_fts) VALUES ('rebuild');
