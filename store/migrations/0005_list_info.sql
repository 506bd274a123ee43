-- 0005: what the reader shows beyond the first round: a list feed's
-- Simple List Extensions (cf:listinfo sorts and groups) and each item's
-- values for them. (A podcast item's itunes:duration is 0004's
-- duration_seconds.)

ALTER TABLE feeds ADD COLUMN list_info TEXT NOT NULL DEFAULT '';   -- JSON ListInfo, '' when none
ALTER TABLE items ADD COLUMN list_values TEXT NOT NULL DEFAULT ''; -- JSON object, '' when none
