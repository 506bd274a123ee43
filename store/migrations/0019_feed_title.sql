-- 0017: the publisher's title, kept while a title of the user's own shows
-- (custom_title), so that giving the feed its own title back shows it at
-- once instead of at the next download whose body changed. Every changed
-- download stores it; a feed showing its own title has it already.
ALTER TABLE feeds ADD COLUMN feed_title TEXT NOT NULL DEFAULT '';
UPDATE feeds SET feed_title = title WHERE NOT custom_title;
