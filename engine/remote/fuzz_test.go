package remote

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// The decoders' fuzz targets: for any bytes, no panic, and every value
// they return passes the entry rules. Memory is bounded by construction
// (each reads an answer a value at a time under its cap), and the inputs
// are capped here as the exchanger caps answers.

// checkFeed fails t unless f passes the entry rules.
func checkFeed(t *testing.T, f Feed) {
	t.Helper()
	if _, err := checkFeedID(f.ID); err != nil {
		t.Errorf("feed id %q: %v", f.ID, err)
	}
	if again, err := weburl.Parse(f.URL.String()); err != nil || again != f.URL {
		t.Errorf("feed URL %q is not a weburl.URL: %v", f.URL, err)
	}
	if !f.SiteURL.IsZero() {
		if _, err := weburl.Parse(f.SiteURL.String()); err != nil {
			t.Errorf("site URL %q: %v", f.SiteURL, err)
		}
	}
	checkName(t, f.Title)
	checkName(t, f.Label)
}

// checkName fails t unless s is plain text of at most maxName bytes.
func checkName(t *testing.T, s string) {
	t.Helper()
	if len(s) > maxName || !utf8.ValidString(s) || sanitize.Text(s) != s {
		t.Errorf("name %q is not plain text within %d bytes", s, maxName)
	}
}

// checkItem fails t unless it passes the entry rules.
func checkItem(t *testing.T, it Item) {
	t.Helper()
	if _, err := checkItemID(it.ID); err != nil {
		t.Errorf("item id %q: %v", it.ID, err)
	}
	if _, err := checkFeedID(it.FeedID); err != nil {
		t.Errorf("item feed id %q: %v", it.FeedID, err)
	}
	if it.Doc.Key != ItemKey(it.ID) {
		t.Errorf("key %q for id %q", it.Doc.Key, it.ID)
	}
	checkName(t, it.Doc.Title)
	checkName(t, it.Doc.Author)
	if p := it.Doc.Published; p != nil && (p.Year() < 1970 || p.Year() > 9999) {
		t.Errorf("date %v out of range", p)
	}
	if len(it.Doc.Enclosures) > fewMax {
		t.Errorf("%d enclosures", len(it.Doc.Enclosures))
	}
	for _, e := range it.Doc.Enclosures {
		checkName(t, e.Type)
		if e.Length < 0 {
			t.Errorf("enclosure length %d", e.Length)
		}
	}
}

// capped gives the decoder at most limit bytes, as the exchanger does.
func capped(b []byte, limit int) *bytes.Reader {
	if len(b) > limit {
		b = b[:limit]
	}
	return bytes.NewReader(b)
}

func FuzzGReaderFeeds(f *testing.F) {
	f.Add([]byte(`{"subscriptions":[{"id":"feed/1","url":"http://127.0.0.1/a.xml","title":"A \u001b]0;x\u0007","htmlUrl":"javascript:x","categories":[{"id":"user/-/label/N","label":""}]}]}`))
	f.Add([]byte(`{"subscriptions":[{},{"id":5,"url":["x"]},{"id":"feed/\u202e","url":"http://a/\u0000"}]}`))
	f.Add([]byte(`{"subscriptions":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		feeds, refused, err := decodeGReaderFeeds(capped(b, capList))
		if err == nil && len(feeds) > maxFeeds {
			t.Errorf("%d feeds", len(feeds))
		}
		for _, f := range feeds {
			checkFeed(t, f)
		}
		for _, r := range refused {
			if strings.ContainsAny(r, "\x1b\x07\n\r") {
				t.Errorf("refused line %q holds a control", r)
			}
		}
	})
}

func FuzzMinifluxFeeds(f *testing.F) {
	f.Add([]byte(`[{"id":1,"feed_url":"http://127.0.0.1/a.xml","site_url":"http://127.0.0.1/","title":"A","category":{"id":1,"title":"C\u001b[2J"}}]`))
	f.Add([]byte(`[{"id":-1},{"id":"7","feed_url":"https://x"},{"id":1e3,"feed_url":"http://[::1]:80/"}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		feeds, _, _ := decodeMinifluxFeeds(capped(b, capList))
		for _, f := range feeds {
			checkFeed(t, f)
		}
	})
}

func FuzzGReaderIDs(f *testing.F) {
	f.Add([]byte(`{"itemRefs":[{"id":"1"},{"id":"tag:google.com,2005:reader/item/00000000000000ff"},{"id":12}],"continuation":"abc"}`))
	f.Add([]byte(`{"itemRefs":[{"id":"\u001b"},{"id":""},{}],"continuation":"\u0007"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		into := map[string]bool{}
		p, err := decodeIDsPage(capped(b, capIDs), into, 1000)
		if len(into) > 1000 || p.added > len(into) {
			t.Errorf("%d ids kept, %d added", len(into), p.added)
		}
		for id := range into {
			if _, err := checkItemID(id); err != nil {
				t.Errorf("id %q: %v", id, err)
			}
		}
		if err == nil && p.next != "" {
			if _, err := checkID(p.next, maxCursor); err != nil {
				t.Errorf("continuation %q: %v", p.next, err)
			}
		}
	})
}

func FuzzGReaderContents(f *testing.F) {
	f.Add([]byte(`{"items":[{"id":"tag:google.com,2005:reader/item/0000000000000001","title":"T\u001b]0;x\u0007","author":"A","published":1700000000,"origin":{"streamId":"feed/1"},"categories":["user/-/state/com.google/read"],"enclosure":[{"href":"http://127.0.0.1/a.mp3","type":"audio/mpeg","length":"12"}],"content":{"content":"<p>x</p>"}}]}`))
	f.Add([]byte(`{"items":[{"id":"2","published":99999999999999,"origin":{"streamId":"feed/\u0000"}},{"id":"3","timestampUsec":"-5","origin":{"streamId":"feed/1"},"canonical":[{"href":"x"}]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		asked := map[string]bool{"1": true, "2": true, "3": true}
		n := 0
		decodeGReaderContents(capped(b, capItems), asked, func(items []Item) error {
			for _, it := range items {
				n++
				checkItem(t, it)
				if it.ID != "1" && it.ID != "2" && it.ID != "3" {
					t.Errorf("item %q was not asked for", it.ID)
				}
			}
			return nil
		})
		if n > 3 {
			t.Errorf("%d items for 3 asked", n)
		}
	})
}

func FuzzMinifluxEntries(f *testing.F) {
	f.Add([]byte(`{"total":2,"entries":[{"id":5,"feed_id":1,"status":"read","title":"T\u001b[2J","author":"A","published_at":"2024-01-02T03:04:05Z","starred":true,"enclosures":[{"url":"http://127.0.0.1/a.mp3","mime_type":"audio/mpeg","size":-3}]}]}`))
	f.Add([]byte(`{"entries":[{"id":0},{"id":"x","feed_id":2},{"id":9,"feed_id":9,"published_at":"99999-01-01T00:00:00Z","enclosures":null}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		n := 0
		decodeEntries(capped(b, capItems), 10, func(e mfEntry) error {
			n++
			if it, _, err := e.item(); err == nil {
				checkItem(t, it)
			}
			return nil
		})
		if n > 10 {
			t.Errorf("%d entries for a page of 10", n)
		}
	})
}
