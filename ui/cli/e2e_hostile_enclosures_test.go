package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// runWithin runs tidings like u.run, but kills it after limit: a binary
// that never ends fails the test instead of hanging it.
func runWithin(u *user, limit time.Duration, args ...string) (result, time.Duration) {
	u.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, binPath, args...)
	cmd.Env = u.env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if ctx.Err() != nil {
		u.t.Fatalf("tidings %v did not end within %s; stderr: %s", args, limit, errb.String())
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		u.t.Fatalf("run tidings %v: %v", args, err)
	}
	return result{stdout: out.String(), stderr: errb.String(), code: code}, took
}

// floodServer answers every Range request with 206, an open-ended
// Content-Range and a body without end, as the reviewed server did; it
// stops after budget bytes in all, so that a tidings without bounds
// fails this test instead of filling the disk.
func floodServer(budget int64) http.HandlerFunc {
	var sent atomic.Int64
	block := bytes.Repeat([]byte("F"), 64<<10)
	return func(w http.ResponseWriter, r *http.Request) {
		var first int64
		fmt.Sscanf(r.Header.Get("Range"), "bytes=%d-", &first)
		w.Header().Set("ETag", `"flood"`)
		w.Header().Set("Content-Range", fmt.Sprintf("bytes %d-%d/*", first, int64(1)<<50))
		w.WriteHeader(http.StatusPartialContent)
		for sent.Add(int64(len(block))) <= budget {
			if _, err := w.Write(block); err != nil {
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
}

// dripServer sends a byte every 100ms, for at most a minute.
func dripServer(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("ETag", `"drip"`)
	w.Header().Set("Content-Range", "bytes 0-999/1000")
	w.WriteHeader(http.StatusPartialContent)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for range 600 {
		if _, err := w.Write([]byte("d")); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		select {
		case <-tick.C:
		case <-r.Context().Done():
			return
		}
	}
}

// tidings sync over a feed whose enclosure server is hostile ends by
// itself; each hostile enclosure fails with one line on stderr, no file
// on disk is larger than its bound, and the good enclosure behind them
// arrives.
func TestSyncEndsOverAHostileEnclosureServer(t *testing.T) {
	u := newUser(t)
	dir := filepath.Join(u.home, "podcasts")
	u.writeConfig(fmt.Sprintf("[sync]\nbucket_refill_per_second = 0\n\n[enclosures]\ndirectory = %q\nmax_concurrent = 1\nstall_timeout = \"1s\"\n", dir))
	srv := newMediaServer(t)
	good := randomBytes(50000, 9)
	srv.feed("/hostile.xml", `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title>
		<item><guid>good</guid><title>Good</title><pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate>
			<enclosure url="media/good.mp3" type="audio/mpeg" length="50000"/></item>
		<item><guid>drip</guid><title>Drip</title><pubDate>Mon, 02 Mar 2026 11:00:00 GMT</pubDate>
			<enclosure url="media/drip.mp3" type="audio/mpeg" length="1000"/></item>
		<item><guid>flood</guid><title>Flood</title><pubDate>Mon, 02 Mar 2026 12:00:00 GMT</pubDate>
			<enclosure url="media/flood.mp3" type="audio/mpeg" length="1000"/></item>
	</channel></rss>`)
	srv.handle("/media/flood.mp3", floodServer(256<<20))
	srv.handle("/media/drip.mp3", dripServer)
	srv.handle("/media/good.mp3", ranged(good, `"good"`))
	u.add(srv.URL+"/hostile.xml", "--enclosures")

	r, took := runWithin(u, 2*time.Minute, "sync")
	if took > 30*time.Second {
		t.Errorf("sync took %s", took)
	}
	bound := int64(1000 + 100 + 2<<20) // the declared 1,000 bytes with the default slack
	for _, name := range listFiles(dir) {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.Size() > bound {
			t.Errorf("%s: %v bytes (%v), more than the bound of %d", name, fi.Size(), err, bound)
		}
	}
	encs := enclosuresByURL(u, srv.URL)
	for p, want := range map[string]string{
		"/media/flood.mp3": "the server's Content-Range does not match the request",
		"/media/drip.mp3":  "stalled: less than 16 KiB received in 1s (enclosures.stall_timeout)",
	} {
		e := encs[p]
		if e["status"] != "failed" || !strings.Contains(e["error"].(string), want) {
			t.Errorf("%s: %v, want failed with %q", p, e, want)
		}
		lines := 0
		for line := range strings.SplitSeq(r.stderr, "\n") {
			if strings.Contains(line, srv.URL+p) {
				lines++
				if !strings.Contains(line, want) {
					t.Errorf("stderr line %q does not say %q", line, want)
				}
			}
		}
		if lines != 1 {
			t.Errorf("stderr names %s on %d lines, want one:\n%s", p, lines, r.stderr)
		}
	}
	if e := encs["/media/good.mp3"]; e["status"] != "downloaded" {
		t.Fatalf("the good enclosure: %v, want downloaded", e)
	} else {
		sameFile(t, e["path"].(string), good)
	}
}
