package engine

import "github.com/tidings-rss/tidings/engine/fetch"

// Reason is an error's reason without the URL its message starts with
// ("404 Not Found" for "fetch http://…: 404 Not Found"), for front ends
// that name the feed or file themselves.
func Reason(err error) string { return fetch.Reason(err) }
