package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// BenchmarkFullTextSync measures the real binary's first sync of one feed
// of 100 new items, each a summary and a link, with and without
// full-text=on: its wall time and peak RSS, medians over
// TIDINGS_BENCH_RUNS runs (5). The bucket is unthrottled (refill 0) so
// that the figure is tidings' own work, not the polite pace of the door
// (at the default 1 token a second, 100 pages take some 100 s more).
//
//	go test ./ui/cli -run '^$' -bench FullTextSync -benchtime 1x
func BenchmarkFullTextSync(b *testing.B) {
	runs := 5
	if n, err := strconv.Atoi(os.Getenv("TIDINGS_BENCH_RUNS")); err == nil && n > 0 {
		runs = n
	}
	srv := newBenchPageServer(b, 100)
	for _, mode := range []string{"plain", "full-text"} {
		b.Run(mode, func(b *testing.B) {
			var walls []time.Duration
			var peaks []int64
			for range b.N * runs {
				u := newUser(b)
				u.writeConfig("[sync]\nbucket_refill_per_second = 0\n")
				id := u.add(srv.URL + "/feed.xml")
				if mode == "full-text" {
					u.ok("set", id, "full-text=on")
				}
				start := time.Now()
				r, peak := u.runMeasured("sync")
				walls = append(walls, time.Since(start))
				if r.code != 0 || r.stderr != "" {
					b.Fatalf("sync: exit %d: %s", r.code, r.stderr)
				}
				peaks = append(peaks, peak)
				if mode == "full-text" {
					for _, it := range u.items() {
						if it["article_status"] != "fetched" {
							b.Fatalf("item %v: %v %v", it["title"], it["article_status"], it["article_error"])
						}
					}
				}
			}
			wall, peak := median(walls), median(peaks)
			b.ReportMetric(wall.Seconds()*1000, "ms/sync")
			b.ReportMetric(float64(peak)/(1<<20), "MB-peak-RSS")
			b.Logf("%s: 100 items, median of %d: %v wall, %.1f MB peak RSS", mode, len(walls), wall.Round(time.Millisecond), float64(peak)/(1<<20))
		})
	}
}

// newBenchPageServer serves /feed.xml with n items whose links are the
// pages of testdata/articles in turn, each at its own address.
func newBenchPageServer(b *testing.B, n int) *feedServer {
	pages := []string{"news.html", "blog-code.html", "latin1.html"}
	fs := &feedServer{docs: map[string]doc{}}
	fs.Server = httptest.NewServer(http.HandlerFunc(fs.serve))
	b.Cleanup(fs.Close)
	var names []string
	for i := range n {
		name := fmt.Sprint("p", i)
		names = append(names, name)
		body, err := os.ReadFile(filepath.Join("..", "..", "testdata", "articles", pages[i%len(pages)]))
		if err != nil {
			b.Fatal(err)
		}
		fs.setDoc("/a/"+name, doc{body: body, contentType: "text/html"})
	}
	fs.set("/feed.xml", articleFeed(fs.URL, names...))
	return fs
}

// median is the middle value of xs (the upper one of an even count).
func median[T int64 | time.Duration](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
