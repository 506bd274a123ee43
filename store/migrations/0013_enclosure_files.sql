-- 0013: an enclosure records every file it owns, so that purge and removal
-- delete exactly those and never a name derived from another: part_path is
-- its partial file while one exists, validator the ETag or Last-Modified
-- that resumes it with If-Range (kept until now in a file beside the
-- partial one). A partial file of an earlier version is adopted unless its
-- name is another enclosure's file.

ALTER TABLE enclosures ADD COLUMN part_path TEXT NOT NULL DEFAULT '';
ALTER TABLE enclosures ADD COLUMN validator TEXT NOT NULL DEFAULT '';

UPDATE enclosures SET part_path = path || '.part'
WHERE path <> '' AND status <> 'downloaded'
  AND NOT EXISTS (SELECT 1 FROM enclosures o WHERE o.path = enclosures.path || '.part');

CREATE INDEX enclosures_path ON enclosures(path) WHERE path <> '';
CREATE INDEX enclosures_part_path ON enclosures(part_path) WHERE part_path <> '';
