package engine

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/store"
)

// feed20 is a 20-item RSS 2.0 feed with about 2 KB of HTML per item.
func feed20(prefix string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Bench</title><link>http://example.com/</link>`)
	para := strings.Repeat(`<p>Some <em>reasonably</em> long paragraph with a <a href="http://example.com/x">link</a> in it. </p>`, 20)
	for i := range 20 {
		fmt.Fprintf(&b, `<item><title>%s item %d</title><link>http://example.com/%s/%d</link><guid>%s-%d</guid>
			<pubDate>Mon, 02 Nov 2026 %02d:00:00 GMT</pubDate><content:encoded><![CDATA[%s]]></content:encoded></item>`,
			prefix, i, prefix, i, prefix, i, i, para)
	}
	b.WriteString(`</channel></rss>`)
	return b.String()
}

// benchSync measures one feed's whole sync (request, parse, sanitize,
// merge, purge, commit) against a loopback server answering with serve.
func benchSync(b *testing.B, serve http.HandlerFunc, setup ...func(*harness)) {
	h := newHarness(b)
	h.srv.handle("/f", serve)
	f := h.add("/f")
	for _, s := range setup {
		s(h)
	}
	ctx := context.Background()
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if r := h.eng.SyncFeeds(ctx, []store.Feed{h.feed(f.ID)}, true, nil)[0]; r.Err != nil {
			b.Fatal(r.Err)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the process's user + system CPU time so far (server included:
// it runs in this process too), in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkSyncFull20Items is a full 200 download whose 20 items are new
// every time (the worst case: everything parsed, sanitized and inserted).
func BenchmarkSyncFull20Items(b *testing.B) {
	n := 0
	benchSync(b, func(w http.ResponseWriter, _ *http.Request) {
		n++
		w.Write([]byte(feed20(fmt.Sprint("run", n))))
	})
}

// BenchmarkSyncFull20Items50Rules is BenchmarkSyncFull20Items with 50
// rules of every kind and field, applied to the 20 new items at merge time
// in the download's transaction; a delete rule removes one of them (with
// its tombstone) every time.
func BenchmarkSyncFull20Items50Rules(b *testing.B) {
	n := 0
	benchSync(b, func(w http.ResponseWriter, _ *http.Request) {
		n++
		w.Write([]byte(feed20(fmt.Sprint("run", n))))
	}, func(h *harness) { add50Rules(h, "19") })
}

// BenchmarkSyncFull20Items50QuietRules is the same 50 rules, none of which
// matches: the cost of looking alone.
func BenchmarkSyncFull20Items50QuietRules(b *testing.B) {
	n := 0
	benchSync(b, func(w http.ResponseWriter, _ *http.Request) {
		n++
		w.Write([]byte(feed20(fmt.Sprint("run", n))))
	}, func(h *harness) { add50Rules(h, "99") })
}

// add50Rules stores 50 rules over the bench feed: every action, every
// field, regular expressions, full text and a rule for the feed alone;
// the one on "item NN" deletes that item of each download.
func add50Rules(h *harness, item string) {
	ctx := context.Background()
	feedID := h.feed(1).ID
	exprs := []string{
		`title ~ "sponsored|advert(isement)?|promo"`, `author = "Marketing Team"`, `category = "ads"`,
		`link ~ "/shorts/"`, `content ~ "buy now"`, `feed ~ "youtube\.com"`, `folder = "Spam"`,
		`text:"casino"`, `title ~ "item ` + item + `$"`, `age > 3650`, `unread and title ~ "^re:"`,
		`not enclosure and author ~ "bot$"`, `category ~ "^(sport|celebrity)$"`,
	}
	actions := []string{store.ActionDelete, store.ActionHide, store.ActionRead, store.ActionFlag}
	for i := range 50 {
		expr := exprs[i%len(exprs)]
		if i >= len(exprs) {
			expr = fmt.Sprintf(`(%s) or title = "never %d"`, expr, i)
		}
		var scope int64
		if i%10 == 0 {
			scope = feedID
		}
		if _, err := h.eng.AddRule(ctx, expr, actions[i%len(actions)], scope); err != nil {
			h.t.Fatal(err)
		}
	}
}

// BenchmarkSyncNotModified is a conditional GET answered 304.
func BenchmarkSyncNotModified(b *testing.B) {
	benchSync(b, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Write([]byte(feed20("same")))
	})
}

// BenchmarkSyncDelta226 is an RFC 3229 delta holding one new entry.
func BenchmarkSyncDelta226(b *testing.B) {
	n := 0
	benchSync(b, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"v1"`)
		if r.Header.Get("A-IM") != "feed" {
			w.Write([]byte(feed20("base")))
			return
		}
		n++
		w.Header().Set("IM", "feed")
		w.WriteHeader(http.StatusIMUsed)
		w.Write([]byte(rssDoc("", fmt.Sprint("delta-", n))))
	})
}

// BenchmarkSyncFull20Items8Feeds syncs 8 feeds per op through one
// SyncFeeds call with the default threads and every worker free to take a
// feed (the loopback server is one host): downloads overlap, so their
// store writes wait for each other as in a real round.
func BenchmarkSyncFull20Items8Feeds(b *testing.B) {
	h := newHarness(b, func(c *config.Config) { c.Sync.PerHostConnections = 8 })
	var mu sync.Mutex
	n := 0
	var feeds []store.Feed
	for i := range 8 {
		path := fmt.Sprintf("/f%d", i)
		h.srv.handle(path, func(w http.ResponseWriter, _ *http.Request) {
			mu.Lock()
			n++
			prefix := fmt.Sprint("run", n)
			mu.Unlock()
			w.Write([]byte(feed20(prefix)))
		})
		feeds = append(feeds, h.add(path))
	}
	ctx := context.Background()
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		for _, r := range h.eng.SyncFeeds(ctx, feeds, true, nil) {
			if r.Err != nil {
				b.Fatal(r.Err)
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/8, "cpu-ns/feed")
}
