// Package store keeps tidings' subscriptions, items, enclosures and sync
// state in SQLite. It is the only package that writes SQL: it compiles the
// query language's trees (engine/query) into conditions with every value a
// bound parameter, and runs its migrations (migrations/) on open.
//
// # Writes
//
// A feed's sync is two write transactions: its claim (which reads the
// feed's row too), then the outcome with the claim's release. A claim
// names its process (host, pid and the process's start time), so a cron
// run and an open reader never download one feed at once, and the claims
// of a process that died are void at once. Rules apply to new and updated
// items inside the outcome's transaction, evaluated in Go over the stored
// values with the same matcher and case folding as the SQL of a list
// (a test holds the two equal over every field and operator).
//
// # Full-text index
//
// items_fts is an FTS4 table that holds the words of an item's title and
// content, in one column (body), not its HTML: tag names, attributes and
// URLs are left out (indexText), and runs of scripts written without
// spaces (Chinese, Japanese, Thai …) are indexed as their bigrams, and
// the last character of each run once more after the text, so that any
// characters of a run, one or more, find it (fts_ngram.go). It keeps no
// per-document sizes (matchinfo=fts3): search
// orders by date, not rank. A write adds its new items' words together
// after its other item statements (fts_batch.go), so that a download
// makes one index segment, not one per item;
// TestFullTextIndexFlushesOncePerTransaction holds it. An item's article
// (table articles) counts as its content: the view items_fts_text appends
// its words, and SaveArticle forgets and indexes the item again through
// the view in the article's transaction.
//
// # Other programs on the database
//
// Another SQLite program may read the database as it is. The index's view
// and its delete and update triggers call the SQL functions html_text
// and title_text, which every tidings connection registers: a program
// that runs PRAGMA integrity_check, or deletes or changes items, must
// register them too ([HTMLText] and [TitleText] are they). No trigger
// indexes a new item: a program that inserts items inserts their words
// into items_fts itself, as tidings does (see [HTMLText]), or runs
// INSERT INTO items_fts(items_fts) VALUES ('rebuild') afterwards.
//
// # Statements
//
// Statements are compiled once per connection and kept (go-sqlite3's
// statement cache, keyed by the SQL text). SQLite compiles a statement
// again at its next run when its plan looked at a bound value: since
// 3.54 the planner reads an integer bound to "column = ?" that an
// index it considers does not use (is it 0 or 1?), and go-sqlite3 clears
// the bindings after every run, which then expires the statement. The
// hot statements that hit this (a feed read by id, the purge, the rules'
// feed, the tombstones' prune) write "= +?": the unary plus hides the
// value from the planner and changes neither the result nor the plan
// (TestHotStatementsKeepTheirPlans).
//
// # Benchmarks
//
// The query benchmarks run on a generated database of 2,000 feeds and
// 500,000 items (about 230 MB); TIDINGS_BENCH_DB names a file that keeps
// it between runs:
//
//	TIDINGS_BENCH_DB=/tmp/big.db go test ./store -run XXX -bench . -count 5
//	go test ./store -run XXX -bench SavedSearch -benchtime 10x -count 5
//
// One download's write into a fresh store (20 items of about 2 KB of
// HTML; CPU per download, which leaves out waits for a shared disk):
//
//	go test ./store -run XXX -bench RecordDownload -count 6
package store
