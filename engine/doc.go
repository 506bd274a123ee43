// Package engine is tidings' download engine and the actions both front
// ends share. It decides when each subscription is due (the platform's
// 5-minute scheduler, salted intervals bounded by the publisher's TTL,
// doubling back-off), runs one feed's sync end to end — one request
// through fetch, parse and clean through feed, one transaction into the
// store — and reports what it does as Events. A round that reached no
// server is offline and counts against no feed (round.go, offline.go); on
// battery or a metered network the scheduler can defer (connectivity.go).
// The actions the command
// line and the reader both call live here too: subscribe (probe and
// autodiscovery), unsubscribe (rows and every file), settings (one
// validator for every bound), marks and refreshes. With a [remote] account
// the engine also schedules its syncs with its server (SyncAccount: push
// the journal of marks, pull subscriptions, items and states), and the
// actions on a feed of the account act on the server first; the account
// itself is engine/account, which hears back through account.Engine.
//
// A feed with full text (store.Feed.FullText) has the page of each new item
// fetched once, after its round's feeds, through the same door, and its
// article extracted by engine/article (articles.go); FetchArticles does it
// on request, whatever the setting.
//
// Its subpackages do one job each: document holds the values a download
// becomes, feed parses, fetch is the one door for HTTP, enclosure
// downloads podcasts, opml reads and writes subscription lists, newsboat
// reads newsboat's files, query is the query language, machine reads the
// route table and the power supply, remote speaks to the account's
// server, account syncs the account, article finds the article of a web
// page. The engine may import them, store, config and sanitize; it knows
// nothing of Bubble Tea or the command line.
//
// # The scheduler
//
// After a success a feed is next due at last download + max(ttl,
// interval) × (1 + r), r uniform in [0, 10 %] (schedule.go): interval is
// the feed's own or the default, never under 15 minutes; ttl is RSS <ttl>
// or the sy:updatePeriod period, raised by Cache-Control max-age or
// Expires (at most 24 h); skipHours and skipDays move it to the first
// allowed hour. A failure backs off 1, 2, 4, 8 … minutes (salted) up to
// the normal interval, never sooner than a Retry-After (at most 24 h).
// The scheduler wakes every 5 minutes, or sooner when a feed falls due,
// and takes the most overdue first. Every request passes through fetch's
// one door, so the token bucket and the limits in flight hold for feeds,
// enclosures and the account alike.
//
// A round whose every failure is the network's (fetch.IsNetworkError, or
// a captive portal's page) on at least two hosts, and in which no request
// reached a server, is offline: it counts against no feed, and while
// offline the scheduler tries one due feed a minute (none that needs a
// default route when the machine has none) until one answers. health.go
// explains a feed's next sync from the same rules for the reader's i.
//
// # Benchmarks
//
// One feed's whole sync over loopback (request, parse, sanitize, merge,
// purge, commit; the CPU includes the test's own server):
//
//	go test ./engine -run XXX -bench BenchmarkSync -benchtime 200x -count 5
//	go test ./engine -run XXX -bench 'SyncFull20Items' -benchtime 200x
//	go test ./engine -run XXX -bench BenchmarkEnclosureDownload -benchtime 20x -count 5
//
// BenchmarkSyncFull20Items50Rules and …50QuietRules measure the cost of
// 50 rules that act and that match nothing.
package engine
