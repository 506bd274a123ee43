// Package feed turns bytes into tidings' native model: Parse (ParseWith,
// given the HTTP Content-Type and URL) reads RSS 0.90, 0.91, 0.92, 1.0
// (RDF) and 2.0, Atom 0.3 and 1.0 and the XML redirect document
// (<redirect><newLocation>…</newLocation></redirect>) into a
// document.Document, with the platform's hints (ttl, sy:*, skipHours,
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
// engine/document (the values it produces), sanitize and gofeed, never
// the store, the engine, fetch or the UI.
//
// # The tree and its fast path
//
// encoding/xml is the XML parser of record: it reads every document,
// leniently (a stray control byte or a mismatched end tag does not lose
// the feed), with internal entities and HTML's named entities known, an
// entity budget, and no DTD, file or URL ever fetched. A document that is
// plainly well-formed is built instead by a hand-written builder in one
// pass over the body (treefast*.go; parseTreeFast says what it reads),
// with every name, value and text that needs no decoding sliced from one
// copy of the body. Anything else is read again from the start by
// encoding/xml. Both give the same tree: FuzzTreeFast and
// TestTreeFastMatchesDecoder compare them on the corpus, the fixtures and
// random input. Dates and authors are read by hand-written matchers, which
// FuzzDateMatchers compares with the regular expressions they stand for
// (dates_ref.go). Built with -tags tidings_nofast, the package uses
// encoding/xml and the regular expressions alone (fast_off.go).
//
// gofeed's RSS and Atom parsers are not used: they drop what a reader must
// keep (Atom's type="text", xhtml:body, rdf:about, the HTTP charset).
// gofeed reads JSON Feed only.
//
// A parse's memory is bounded (limits.go): a document nested deeper than
// [MaxDepth], or whose tree would hold more than [ParseFactor] times its
// size, ends in [ErrTooLarge] before it is built.
//
// # Fidelity
//
// engine's fidelity test serves the Universal Feed Parser's own test suite
// (from the third-party corpus in testdata/corpus) over loopback, syncs
// every file through the engine's real path into a real store and judges
// what was kept against feedparser's expectations, HTML compared as text.
// The known differences: HTML that an HTML5 parser reads otherwise than
// feedparser's sgmllib (comments, doctypes, nested CDATA), entries that
// share an id or link stored as one item, a Content-Location base not
// applied, relative guids not resolved, an RSS <summary> beside
// <description>, bidi marks removed for the terminal, dc:date kept as the
// published date, the first of two <updated> kept.
//
// # Benchmarks and fuzzing
//
//	go test ./engine/feed -run XXX -bench '^BenchmarkParse$' -benchmem -count 5
//	go test ./engine/feed -run XXX -bench BenchmarkParseTree -count 5
//	go test -run XXX -fuzz '^FuzzParseAndClean$' -fuzztime 10m ./engine/feed
//
// BenchmarkParseTree compares encoding/xml's tree with the fast one on a
// 20-item feed of 52 KB. The fuzz targets (FuzzParse, FuzzParseAndClean,
// FuzzTreeFast, FuzzDateMatchers) start from the corpus.
package feed
