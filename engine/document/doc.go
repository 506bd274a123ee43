// Package document holds the document a feed's download becomes: a
// Document with its Items, their Enclosures, the publisher's scheduling
// Hints and a list feed's ListInfo, in tidings' native "superset" model.
//
// The parser (engine/feed), the sync servers' clients (engine/remote) and
// newsboat's importer (engine/newsboat) produce these values; the engine
// cleans and schedules by them; the store merges them into its tables. The
// package holds values only: it imports nothing of tidings and no SQL, so
// a package that makes documents links no database.
package document
