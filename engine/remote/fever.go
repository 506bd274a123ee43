package remote

import "github.com/tidings-rss/tidings/sanitize/weburl"

func newFever(o Options, origin weburl.URL) Service { return nil }
