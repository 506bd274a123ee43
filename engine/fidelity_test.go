package engine

// The fidelity test serves the Universal Feed Parser's test suite
// (testdata/corpus/feedparser) over a loopback server,
// downloads every file through the engine's real path (fetch, parse, clean,
// one transaction into a real store) and judges what the store kept against
// feedparser's own expectations, as translated into tidings' fields by
// feedparser_checks.jsonl. fidelity_judge_test.go holds the judging rules.

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize/weburl"
	"github.com/tidings-rss/tidings/store"
	"github.com/tidings-rss/tidings/testdata/testenv"
)

// fidelityTarget is the share of applicable expectations the store must
// meet: at least 97 %.
const fidelityTarget = 0.97

// fpRecord is one expectation of feedparser_checks.jsonl.
type fpRecord struct {
	File           string          `json:"file"`
	Kind           string          `json:"kind"`
	Field          string          `json:"field"`
	Expect         json.RawMessage `json:"expect"`
	Op             string          `json:"op"`
	Requires       string          `json:"requires"`
	EntryIndex     int             `json:"entry_index"`
	EnclosureIndex int             `json:"enclosure_index"`
	Forbidden      []string        `json:"forbidden"`
	Also           []fpRecord      `json:"also"`
}

// corpusRoot returns the third-party corpus, testdata/corpus.
func corpusRoot(t *testing.T) string {
	t.Helper()
	return testenv.CorpusDir(t)
}

// headerLine is a "Header: Name: value" line of a test file's first
// comment: a response header feedparser's test server sends with the file.
var headerLine = regexp.MustCompile(`(?m)^Header:\s+([^:]+):(.*)$`)

// corpusServer serves dir/<file> at /tests/<file> with the headers the
// file's comment names; files without a Content-Type header are served as
// application/xml, so that only the document says its encoding.
func corpusServer(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/tests/")
		body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || strings.Contains(name, "..") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/xml")
		head := body[:min(len(body), 2048)]
		for _, m := range headerLine.FindAllSubmatch(head, -1) {
			w.Header().Set(strings.TrimSpace(string(m[1])), strings.TrimSpace(string(m[2])))
		}
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// observed is what the store kept of one served file.
type observed struct {
	url     string
	refused bool // the download failed (the feed was not read)
	feed    store.Feed
	items   []store.Item // in document order
}

// downloadCorpus subscribes to every file and syncs them all at once, as
// a forced refresh does; it returns what the store kept, by file.
func downloadCorpus(t *testing.T, files []string) map[string]*observed {
	t.Helper()
	h := newHarness(t, func(c *config.Config) {
		c.Sync.DownloadThreads, c.Sync.PerHostConnections = 4, 4
		c.MaxItems = 0
	})
	srv := corpusServer(t, filepath.Join(corpusRoot(t), "feedparser"))
	ctx := context.Background()
	byID := map[int64]*observed{}
	out := map[string]*observed{}
	var feeds []store.Feed
	for _, f := range files {
		u := srv.URL + "/tests/" + f
		id, err := h.store.AddFeed(ctx, store.NewFeed{URL: weburl.MustParse(u)})
		if err != nil {
			t.Fatal(err)
		}
		feeds = append(feeds, store.Feed{ID: id, URL: u})
		byID[id] = &observed{url: u}
		out[f] = byID[id]
	}
	for _, r := range h.eng.SyncFeeds(ctx, feeds, true, nil) {
		byID[r.FeedID].refused = r.Err != nil
	}
	for id, o := range byID {
		o.feed = h.feed(id)
		o.items = documentOrder(h.items(o.feed))
	}
	return out
}

// documentOrder sorts the items of one download into document order: they
// are inserted last to first, so the first entry has the highest id.
func documentOrder(items []store.Item) []store.Item {
	slices.SortFunc(items, func(a, b store.Item) int { return int(b.ID - a.ID) })
	return items
}

// fidelityTally counts verdicts, overall and by kind.
type fidelityTally struct {
	byKind   map[string]*[3]int // met, missed, not applicable
	failures []string
}

func (ft *fidelityTally) add(r fpRecord, v verdict, why string) {
	if ft.byKind == nil {
		ft.byKind = map[string]*[3]int{}
	}
	if ft.byKind[r.Kind] == nil {
		ft.byKind[r.Kind] = &[3]int{}
	}
	ft.byKind[r.Kind][v]++
	if v == missed {
		ft.failures = append(ft.failures, r.File+" "+r.Field+": "+why)
	}
}

func (ft *fidelityTally) totals() (pass, failed, na int) {
	for _, c := range ft.byKind {
		pass, failed, na = pass+c[met], failed+c[missed], na+c[notApplicable]
	}
	return pass, failed, na
}

// TestFidelityFeedparser is the fidelity measure: the share of feedparser's
// applicable expectations that tidings' store meets, HTML compared as
// text. Run with -v to list the misses.
func TestFidelityFeedparser(t *testing.T) {
	recs := testenv.Records[fpRecord](t, "feedparser_checks.jsonl")
	var files []string
	for _, r := range recs {
		if !slices.Contains(files, r.File) {
			files = append(files, r.File)
		}
	}
	got := downloadCorpus(t, files)
	var ft fidelityTally
	for _, r := range recs {
		v, why := judgeRecord(r, got[r.File])
		ft.add(r, v, why)
	}
	pass, failed, na := ft.totals()
	rate := float64(pass) / float64(max(1, pass+failed))
	kinds := make([]string, 0, len(ft.byKind))
	for k := range ft.byKind {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		c := ft.byKind[k]
		t.Logf("%-16s pass %4d  fail %4d  n/a %4d", k, c[met], c[missed], c[notApplicable])
	}
	t.Logf("feedparser fidelity: %d of %d applicable expectations met (%.1f %%); %d not applicable; %d files",
		pass, pass+failed, 100*rate, na, len(files))
	if testing.Verbose() {
		for _, f := range ft.failures {
			t.Log("miss: " + f)
		}
	}
	if rate < fidelityTarget {
		t.Errorf("fidelity %.1f %% is below the %.0f %% target", 100*rate, 100*fidelityTarget)
	}
}

// TestFidelityNamedCases checks, one subtest each, the corpus files the
// issue names, with the expectation each file's own Expect line states.
func TestFidelityNamedCases(t *testing.T) {
	first := func(o *observed) store.Item {
		if len(o.items) == 0 {
			return store.Item{}
		}
		return o.items[0]
	}
	cases := []struct {
		file string
		got  func(o *observed) string
		want string
	}{
		{"wellformed/atom10/entry_title_text_plain_brackets.xml", func(o *observed) string { return first(o).Title },
			"History of the <blink> tag"},
		{"wellformed/atom/feed_title_inline_markup_2.xml", func(o *observed) string { return o.feed.Title },
			"History of the <blink> tag"},
		{"wellformed/rss/item_xhtml_body.xml", func(o *observed) string { return strings.TrimSpace(first(o).Content) },
			"<p>Example content</p>"},
		{"wellformed/rss/item_fullitem.xml", func(o *observed) string { return first(o).Content }, "<p>Example content</p>"},
		{"encoding/http_text_xml_charset_2.xml", func(o *observed) string { return first(o).Content },
			"This is a \u00a3\u201ctest.\u201d"},
		{"encoding/demoronize-1.xml", func(o *observed) string { return first(o).Content }, "don\u2019t"},
		{"wellformed/atom10/entry_content_base64.xml", func(o *observed) string { return first(o).Content },
			"Example <b>Atom</b>"},
		{"wellformed/itunes/itunes_item_category.xml", func(o *observed) string { return strings.Join(first(o).Categories, "|") },
			"Technology"},
		{"wellformed/media-rss/item_media_title1.xml", func(o *observed) string { return first(o).Title }, "bar"},
		{"wellformed/rss/item_dcterms_issued_parsed.xml", func(o *observed) string {
			if p := first(o).PublishedAt; p != nil {
				return p.Format(time.RFC3339)
			}
			return ""
		}, "2003-12-31T10:14:55Z"},
		{"wellformed/atom10/entry_id_no_normalization_4.xml", func(o *observed) string { return first(o).GUID },
			"HTTP://www.example.org/thing"},
		{"wellformed/namespace/rss2.0mathml.xml", func(o *observed) string { return first(o).Content }, "a+b"},
		{"wellformed/sanitize/entry_content_iframe.xml", func(o *observed) string { return first(o).Content },
			"safe <b>description</b>"},
	}
	var files []string
	for _, c := range cases {
		files = append(files, c.file)
	}
	got := downloadCorpus(t, files)
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			o := got[c.file]
			if o.refused {
				t.Fatalf("feed refused")
			}
			if g := c.got(o); g != c.want {
				t.Errorf("got %q, want %q", g, c.want)
			}
		})
	}
}
