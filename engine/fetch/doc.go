// Package fetch is the one door for HTTP: every request tidings makes —
// feed syncs, the subscribe probe and autodiscovery, XML redirect hops,
// enclosure transfers, a sync server's API — goes through a Client, and so
// obeys the platform's token bucket (2 at start, +1/s, at most 4), the
// limit of requests in flight, and the limit per host. It speaks http and
// https only, sends validators back verbatim with A-IM: feed, undoes gzip
// and deflate, caps redirects and bodies, counts the bytes on the wire and
// reports failures as a *DownloadError of the platform's kinds.
//
// It imports nothing of tidings: no store, no config, no parsing.
package fetch
