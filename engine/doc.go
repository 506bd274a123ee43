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
// the engine also syncs it with its server (SyncAccount: push the journal
// of marks, pull subscriptions, items and states), and the actions on a
// feed of the account act on the server first.
//
// Its subpackages do one job each: feed parses, fetch is the one door for
// HTTP, enclosure downloads podcasts, opml reads and writes subscription
// lists, machine reads the route table and the power supply, remote speaks
// to the account's server. The engine may import them, store, config and
// sanitize; it knows nothing of Bubble Tea or the command line.
package engine
