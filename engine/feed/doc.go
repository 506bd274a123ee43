// Package feed turns bytes into tidings' native model: Parse (ParseWith,
// given the HTTP Content-Type and URL) reads RSS 0.90, 0.91, 0.92, 1.0
// (RDF) and 2.0, Atom 0.3 and 1.0 and the XML redirect document
// (<redirect><newLocation>…</newLocation></redirect>) into a
// store.Document, with the platform's hints (ttl, sy:*, skipHours,
// skipDays, cf:treatAs, cf:noMoreUpdates) and the Dublin Core, iTunes and
// Media RSS extensions, and JSON Feed 1.0 and 1.1 (decoded into gofeed's
// JSON Feed types, jsonfeed.go); Clean sanitizes a parsed document before
// it is stored; Discover finds the feeds a web page announces.
//
// Every document is measured before it is parsed, by a scan that
// allocates nothing, and refused with ErrTooLarge when parsing it would
// hold more than ParseFactor times its size: an XML document by its
// elements and attributes (limits.go), a JSON document by its items,
// objects and values (jsonlimits.go), both by their nesting.
//
// A document is decoded to UTF-8 (charset.go), read into a small
// namespace-aware tree (tree.go, namespaces.go) and extracted from it
// (rss.go, atom.go, extensions.go); text.go decides what is text and what
// is HTML, dates.go reads dates.
//
// It is pure: no I/O but reading the io.Reader it is given. It may import
// store (for the document types), sanitize and gofeed, never the engine,
// fetch or the UI.
package feed
