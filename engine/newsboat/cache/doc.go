// Package cache reads newsboat's cache.db for tidings' newsboat import:
// its feeds and their articles with their read and flagged state. A
// cache is another program's file and is read as a hostile one: opened
// read-only and immutable, its tables checked to be plain tables, every
// read bounded in time and every value in size (see Open).
//
// It is the one part of the newsboat import that links SQLite; the urls
// and config readers in the parent package do not.
package cache
