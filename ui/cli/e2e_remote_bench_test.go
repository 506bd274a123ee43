package cli

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/engine/remote/remotetest"
)

// BenchmarkRemoteFirstSync measures the first 'tidings sync' of an account
// holding 10,000 items (100 feeds × 100 on a loopback feed server, fetched
// by a real Miniflux), over the Google Reader API and over Miniflux's:
// wall time per sync, requests (through a counting proxy) and the peak
// RSS of the tidings process. "polite" is the default configuration (the
// token bucket: 2 at start, +1/s); "unthrottled" sets
// bucket_refill_per_second = 0.
//
//	go test ./ui/cli -run XXX -bench BenchmarkRemoteFirstSync -benchtime 1x -count 3
func BenchmarkRemoteFirstSync(b *testing.B) {
	mini := remotetest.Up(b, remotetest.Miniflux)
	fs := remotetest.NewFeedServer(b)
	admin := combo{"Miniflux+miniflux", mini, remote.TypeMiniflux}
	phone := admin.phone(b)
	for i := range 100 {
		path := fmt.Sprintf("/bench-%03d.xml", i)
		items := remotetest.Items(fmt.Sprintf("Bench %03d", i), 100, time.Now().Add(-time.Hour))
		for j := range items {
			items[j].Content = strings.Repeat(fmt.Sprintf("<p>Paragraph %d of a story of some length.</p>", j), 20)
		}
		fs.Set(path, remotetest.Feed{Title: fmt.Sprintf("Bench %03d", i), Items: items})
		if _, err := phone.Subscribe(context.Background(), fs.URLOf(path), "", fmt.Sprintf("Label %d", i%10)); err != nil {
			b.Fatal(err)
		}
	}
	for _, typ := range []string{remote.TypeGReader, remote.TypeMiniflux} {
		for _, pace := range []struct{ name, sync string }{
			{"polite", ""}, {"unthrottled", "[sync]\nbucket_refill_per_second = 0\n"},
		} {
			c := combo{"Miniflux+" + typ, mini, typ}
			b.Run(typ+"/"+pace.name, func(b *testing.B) {
				proxy := remotetest.NewProxy(b, c.url())
				for range b.N {
					u := newUser(b)
					u.writeConfig(c.accountConfig(proxy.URLFor(c.url()), c.server.Password, pace.sync))
					proxy.Reset()
					start := time.Now()
					r, rss := u.runMeasured("sync")
					if r.code != 0 {
						b.Fatalf("sync: exit %d, stderr %q", r.code, r.stderr)
					}
					b.ReportMetric(time.Since(start).Seconds(), "s/sync")
					b.ReportMetric(float64(proxy.Forwarded()), "requests")
					b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MiB")
					if n := len(u.items()); n != 10000 {
						b.Fatalf("the first sync brought %d items, want 10000", n)
					}
				}
			})
		}
	}
}
