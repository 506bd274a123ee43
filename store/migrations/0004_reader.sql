-- 0004: what the reader shows beyond the first round: a list feed's
-- Simple List Extensions (cf:listinfo sorts and groups) and each item's
-- values for them, and a podcast item's itunes:duration.

ALTER TABLE feeds ADD COLUMN list_info TEXT NOT NULL DEFAULT '';   -- JSON ListInfo, '' when none
ALTER TABLE items ADD COLUMN list_values TEXT NOT NULL DEFAULT ''; -- JSON object, '' when none
ALTER TABLE items ADD COLUMN duration TEXT NOT NULL DEFAULT '';    -- itunes:duration as given
