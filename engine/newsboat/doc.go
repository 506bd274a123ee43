// Package newsboat reads what newsboat keeps, so a newsboat user can move
// to tidings: the urls file (feeds, their tags and titles, query feeds),
// the config file (its ignore-article lines, translated into rules) and
// the cache.db (feeds, articles, and each article's read and flag state).
// It only reads; the engine writes what it finds through the store. The
// cache is another program's SQLite database, opened read-only.
//
// newsboat's filter language (query feeds, ignore-article) is translated
// here into engine/query's trees (filter.go; its lines, translate.go).
package newsboat
