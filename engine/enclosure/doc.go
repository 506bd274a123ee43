// Package enclosure downloads enclosures (podcasts) the way the platform's
// engine does: a FIFO queue kept in the store, a limit of
// transfers at once of its own, HTTP Range in chunks resumed with
// If-Range, one plain GET capped at the fallback cap for servers without
// Range, dangerous types blocked before any request and again on the
// response, and files in a folder per feed under names that cannot leave
// it. Every transfer is bounded: never more bytes than its declared length
// with the configured slack (max_bytes when none is declared), a 206 only
// for the range asked, at least 16 KiB per stall timeout, and at most
// max_duration in all. All the files together stay within
// max_total_bytes: a transfer it has no room for is refused, one that
// would cross it ends there (budget.go). The store records every file an enclosure owns (its
// file and its partial file); only those are ever deleted. Every request
// goes through fetch's door (per-host limit, a token per transfer);
// progress is reported as events.
//
// It may import fetch, store and config; never the engine, feed parsing or
// the UI.
package enclosure
