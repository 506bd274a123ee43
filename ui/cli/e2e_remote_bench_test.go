package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
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
					rss := u.runMeasured(b, "sync")
					b.ReportMetric(time.Since(start).Seconds(), "s/sync")
					b.ReportMetric(float64(proxy.Forwarded()), "requests")
					b.ReportMetric(float64(rss)/1024, "peak-RSS-MiB")
					if n := len(u.items()); n != 10000 {
						b.Fatalf("the first sync brought %d items, want 10000", n)
					}
				}
			})
		}
	}
}

// runMeasured runs tidings and returns the peak RSS of its process in KiB:
// the VmHWM of /proc/PID/status, read until it exits. (A waited child's
// rusage would not do: Linux keeps in it the RSS of the forked test
// process from before the exec.)
func (u *user) runMeasured(b testing.TB, args ...string) int64 {
	b.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = u.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var peak int64
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				b.Fatalf("tidings %v: %v\n%s", args, err, out.String())
			}
			return peak
		case <-tick.C:
			peak = max(peak, vmHWM(status))
		}
	}
}

// vmHWM reads the peak RSS (KiB) from a /proc/PID/status, 0 when gone.
func vmHWM(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
