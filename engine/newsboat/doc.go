// Package newsboat reads what newsboat keeps, so a newsboat user can move
// to tidings: the urls file (feeds, their tags and titles, query feeds),
// and the config file (its ignore-article lines, translated into rules,
// and its keys, macros, colours, highlights, browser and bookmark command,
// translated into tidings settings: settings.go and the files it names);
// its subpackage cache reads the cache.db (feeds, articles, and each
// article's read and flag state), the one part that links SQLite. They
// only read; the engine writes what they find through the store.
//
// newsboat's filter language (query feeds, ignore-article) is translated
// here into engine/query's trees (filter.go; its lines, translate.go).
package newsboat
