-- 0017: the reader's sort orders (store/sortorder.go) and its folded
-- folders. A page of the river by title or unread first walks an index,
-- as a page by date does; a feed's or a folder's page sorts only that
-- feed's or folder's items. A folder folded in the tree (c) stays folded.
CREATE INDEX items_title_sort ON items(title COLLATE NOCASE, sort_at DESC, id DESC);
CREATE INDEX items_read_sort ON items((read <> 0), sort_at DESC, id DESC);
CREATE INDEX feeds_title_sort ON feeds(title COLLATE NOCASE, id);
ALTER TABLE folders ADD COLUMN collapsed INTEGER NOT NULL DEFAULT 0;
