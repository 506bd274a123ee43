package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/engine/fetch"
	"github.com/tidings-rss/tidings/store"
)

func TestSecondRequestSendsValidatorsVerbatimAndAIM(t *testing.T) {
	h := newHarness(t)
	const etag = `W/"v1-abc"`
	const lastMod = "Tue, 15 Nov 1994 12:45:26 GMT"
	h.srv.serveDoc("/f", rssDoc("", "a"), "ETag", etag, "Last-Modified", lastMod)
	f := h.add("/f")
	h.mustSync(f)
	h.mustSync(f)
	reqs := h.srv.requests("/f")
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	first, second := reqs[0].Header, reqs[1].Header
	if first.Get("If-None-Match") != "" || first.Get("A-IM") != "" {
		t.Errorf("first request sent validators or A-IM: %v", first)
	}
	if second.Get("If-None-Match") != etag || second.Get("If-Modified-Since") != lastMod {
		t.Errorf("second request validators %q / %q, want %q / %q",
			second.Get("If-None-Match"), second.Get("If-Modified-Since"), etag, lastMod)
	}
	if second.Get("A-IM") != "feed" {
		t.Errorf("A-IM = %q, want feed", second.Get("A-IM"))
	}
	if ae := first.Get("Accept-Encoding"); ae != "gzip, deflate" {
		t.Errorf("Accept-Encoding = %q", ae)
	}
	ua := first.Get("User-Agent")
	product, _, _ := strings.Cut(ua, " ")
	if product != "tidings/test" || !strings.Contains(ua, "(+https://github.com/tidings-rss/tidings)") {
		t.Errorf("User-Agent = %q, want the product token tidings/test and the project URL", ua)
	}
}

func TestNotModifiedKeepsItemsAndAdvancesLastDownload(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/f", rssDoc("", "a", "b"), "ETag", `"1"`)
	f := h.add("/f")
	h.mustSync(f)
	items := h.items(f)
	h.store.SetRead(context.Background(), []int64{items[0].ID}, true)

	h.srv.handle("/f", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") != `"1"` {
			t.Errorf("If-None-Match = %q", r.Header.Get("If-None-Match"))
		}
		w.Header().Set("ETag", `"2"`) // a 304 may carry new validators
		w.WriteHeader(http.StatusNotModified)
	})
	h.clock.Advance(2 * time.Hour)
	h.mustSync(f)
	got := h.feed(f.ID)
	if !got.State.LastDownloadAt.Equal(t0.Add(2*time.Hour)) || got.State.NotModified != 1 {
		t.Fatalf("after 304: last_download_at %v, not_modified %d", got.State.LastDownloadAt, got.State.NotModified)
	}
	if got.State.ETag != `"2"` {
		t.Errorf("ETag %q, want the one the 304 carried", got.State.ETag)
	}
	after := h.items(f)
	if len(after) != 2 || !after[0].Read && !after[1].Read {
		t.Fatalf("items after 304: %+v", after)
	}
	if got.State.BytesSaved <= 0 {
		t.Errorf("bytes_saved %d after a 304, want > 0", got.State.BytesSaved)
	}
}

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

func TestGzipBodyIsDecoded(t *testing.T) {
	h := newHarness(t)
	body := rssDoc("", "zipped one", "zipped two", strings.Repeat("long title ", 50))
	h.srv.handle("/f", func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			t.Error("no gzip in Accept-Encoding")
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gzipped(body))
	})
	f := h.add("/f")
	h.mustSync(f)
	if n := len(h.items(f)); n != 3 {
		t.Fatalf("%d items from a gzip body, want 3", n)
	}
	st := h.feed(f.ID).State
	if st.BytesReceived >= int64(len(body)) || st.BytesSaved <= 0 {
		t.Errorf("bytes_received %d (body %d), bytes_saved %d: want the compressed size and savings",
			st.BytesReceived, len(body), st.BytesSaved)
	}
}

func TestDeltaResponseIsMergedNeverRemoving(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
	}{{"226 IM Used", http.StatusIMUsed}, {"200 with IM: feed", http.StatusOK}} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.srv.serveDoc("/f", rssDoc("", "a", "b", "c"), "ETag", `"full-1"`)
			f := h.add("/f")
			h.mustSync(f)
			h.srv.handle("/f", func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("A-IM") != "feed" {
					t.Errorf("A-IM = %q", r.Header.Get("A-IM"))
				}
				w.Header().Set("IM", "feed")
				w.Header().Set("ETag", `"full-2"`)
				w.WriteHeader(tc.status)
				w.Write([]byte(rssDoc("", "d", "b (changed)")))
			})
			h.mustSync(f)
			titles := map[string]bool{}
			for _, it := range h.items(f) {
				titles[it.Title] = true
			}
			for _, want := range []string{"a", "b", "c", "d", "b (changed)"} {
				if !titles[want] {
					t.Errorf("after the delta, %q is missing (have %v)", want, titles)
				}
			}
			st := h.feed(f.ID).State
			if st.DeltaResponses != 1 || st.ETag != `"full-2"` {
				t.Errorf("delta_responses %d, etag %q", st.DeltaResponses, st.ETag)
			}
		})
	}
}

func TestRedirectsMoveTheFeedOnlyWhenPermanent(t *testing.T) {
	for _, tc := range []struct {
		codes []int
		moved bool
	}{
		{[]int{301}, true}, {[]int{308}, true}, {[]int{302}, false}, {[]int{303}, false},
		{[]int{307}, false}, {[]int{301, 308}, true}, {[]int{301, 302}, false},
	} {
		t.Run(fmt.Sprint(tc.codes), func(t *testing.T) {
			h := newHarness(t)
			for i, code := range tc.codes {
				from, to := hopPath(i), hopPath(i+1)
				code := code
				h.srv.handle(from, func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, to, code) })
			}
			final := hopPath(len(tc.codes))
			h.srv.serveDoc(final, rssDoc("", "moved item"))
			f := h.add(hopPath(0))
			h.mustSync(f)
			got := h.feed(f.ID)
			want := h.srv.URL + hopPath(0)
			if tc.moved {
				want = h.srv.URL + final
			}
			if got.URL != want {
				t.Fatalf("URL after %v = %s, want %s", tc.codes, got.URL, want)
			}
			if len(h.items(got)) != 1 {
				t.Fatal("the item did not arrive through the redirect")
			}
		})
	}
}

func hopPath(i int) string { return fmt.Sprintf("/hop%d", i) }

func TestMoreThanTenRedirectsFail(t *testing.T) {
	h := newHarness(t)
	h.srv.handle("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", 302) })
	f := h.add("/loop")
	r := h.sync(f)
	if r.Err == nil || !strings.Contains(r.Err.Error(), "redirects") {
		t.Fatalf("redirect loop: %v", r.Err)
	}
	if n := len(h.srv.requests("/loop")); n > 11 {
		t.Fatalf("%d requests in a redirect loop, want at most 11", n)
	}
}

func TestXMLRedirectIsFollowedAsAPermanentMove(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/old", `<?xml version="1.0"?><redirect><newLocation>`+h.srv.URL+`/new</newLocation></redirect>`)
	h.srv.serveDoc("/new", rssDoc("", "from the new place"))
	f := h.add("/old")
	h.mustSync(f)
	got := h.feed(f.ID)
	if got.URL != h.srv.URL+"/new" || len(h.items(got)) != 1 {
		t.Fatalf("after XML redirect: url %s, %d items", got.URL, len(h.items(got)))
	}
}

func TestGoneStopsAutomaticUpdates(t *testing.T) {
	for _, tc := range []struct{ name, path string }{{"410", "/gone"}, {"empty XML redirect", "/empty"}} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.srv.handle("/gone", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusGone) })
			h.srv.serveDoc("/empty", `<redirect><newLocation></newLocation></redirect>`)
			f := h.add(tc.path)
			r := h.sync(f)
			if fetch.KindOf(r.Err) != fetch.KindGone {
				t.Fatalf("sync = %v, want kind gone", r.Err)
			}
			got := h.feed(f.ID)
			if got.Sync != store.SyncManual || got.Stopped != store.StoppedGone || !strings.Contains(got.State.LastError, "gone") {
				t.Fatalf("after gone: sync %s, stopped %s, error %q", got.Sync, got.Stopped, got.State.LastError)
			}
			ctx := context.Background()
			h.clock.Advance(1000 * time.Hour)
			due, _ := h.store.DueFeeds(ctx, h.clock.Now())
			all, _ := h.store.AutoFeeds(ctx)
			if len(due) != 0 || len(all) != 0 {
				t.Fatalf("a gone feed is still scheduled (%d due) or in sync-all (%d)", len(due), len(all))
			}
			before := len(h.srv.requests(tc.path))
			h.sync(f) // an explicit request still goes out
			if len(h.srv.requests(tc.path)) != before+1 {
				t.Fatal("an explicit sync of a gone feed made no request")
			}
		})
	}
}

func TestNoMoreUpdatesStoresItemsThenStops(t *testing.T) {
	h := newHarness(t)
	h.srv.serveDoc("/f", rssDoc("<cf:noMoreUpdates/>", "last one", "final word"))
	f := h.add("/f")
	h.mustSync(f)
	got := h.feed(f.ID)
	if len(h.items(got)) != 2 || got.Sync != store.SyncManual || got.Stopped != store.StoppedEnded {
		t.Fatalf("after noMoreUpdates: %d items, sync %s, stopped %s", len(h.items(got)), got.Sync, got.Stopped)
	}
}

func TestBodyCapAndUnparsableBodyAreFailures(t *testing.T) {
	h := newHarness(t, func(c *config.Config) { c.Sync.MaxBodyBytes = 2048 })
	h.srv.serveDoc("/big", rssDoc("", strings.Repeat("x", 4000)))
	h.srv.serveDoc("/bad", "<rss><channel><title>x</ti")
	big, bad := h.add("/big"), h.add("/bad")
	if r := h.sync(big); fetch.KindOf(r.Err) != fetch.KindSizeLimit {
		t.Errorf("oversized body: %v, want size limit exceeded", r.Err)
	}
	if r := h.sync(bad); fetch.KindOf(r.Err) != fetch.KindInvalidFeed {
		t.Errorf("unparsable body: %v, want invalid feed format", r.Err)
	}
	if got := h.feed(bad.ID); got.State.Failures != 1 || got.State.LastError == "" {
		t.Errorf("failures %d, last_error %q", got.State.Failures, got.State.LastError)
	}
}

func TestIdenticalBodyIsNotParsedAgain(t *testing.T) {
	h := newHarness(t)
	parses := 0
	h.eng.parse = func(r io.Reader, opts feed.Options) (*document.Document, error) {
		parses++
		return feed.ParseWith(r, opts)
	}
	body := rssDoc("", "a", "b")
	h.srv.serveDoc("/f", body) // no validators: every request is a full 200
	f := h.add("/f")
	h.mustSync(f)
	h.mustSync(f)
	if parses != 1 {
		t.Fatalf("parsed %d times, want once for two identical bodies", parses)
	}
	h.srv.serveDoc("/f", rssDoc("", "a", "b", "c"))
	h.mustSync(f)
	if parses != 2 || len(h.items(f)) != 3 {
		t.Fatalf("a changed body: %d parses, %d items", parses, len(h.items(f)))
	}
	if st := h.feed(f.ID).State; st.Requests != 3 || st.LastDownloadAt == nil {
		t.Fatalf("state after three downloads: %+v", st)
	}
}
