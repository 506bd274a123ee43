// Package newsboat reads what newsboat keeps, so a newsboat user can move
// to tidings: the urls file (feeds, their tags and titles, query feeds),
// the config file (its ignore-article lines, translated into rules by
// engine/query) and the cache.db (feeds, articles, and each article's read
// and flag state). It only reads; the engine writes what it finds through
// the store. The cache is another program's SQLite database, opened
// read-only.
package newsboat
