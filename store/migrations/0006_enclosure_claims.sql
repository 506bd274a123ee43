-- 0004: an enclosure being downloaded names the tidings process that
-- transfers it ("host:pid:start", as feed claims do), so another process
-- never starts it too while that one lives, and takes it over at once
-- when that one has died.

ALTER TABLE enclosures ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
