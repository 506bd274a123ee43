package store

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// benchContent is about 2 KB of sanitized HTML, an item's typical body.
var benchContent = strings.Repeat(`<p>Some <em>reasonably</em> long paragraph with a <a href="http://example.com/x">link</a> in it. </p>`, 20)

// benchDoc is a 20-item document whose items are named by run and dated
// from at, newest first.
func benchDoc(run string, at time.Time) *document.Document {
	items := make([]document.Item, 20)
	for i := range items {
		pub := at.Add(-time.Duration(i) * time.Minute)
		items[i] = document.Item{GUID: fmt.Sprintf("%s-%d", run, i), Title: fmt.Sprintf("%s item %d", run, i),
			Link: fmt.Sprintf("http://example.com/%s/%d", run, i), Content: benchContent, Published: &pub}
	}
	return &document.Document{Title: "Bench", Link: "http://example.com/", Items: items}
}

// benchRecord records one download per iteration of the document that
// doc returns for that iteration, with the feed's limit maxItems, after
// prefill downloads of it.
func benchRecord(b *testing.B, maxItems, prefill int, doc func(n int, at time.Time) *document.Document) {
	s, now := newTestStore(b)
	feedID := addFeed(b, s, "http://example.com/feed", "")
	ctx := context.Background()
	at := *now
	n := 0
	step := func() {
		n++
		at = at.Add(time.Hour)
		d := Download{At: at, Status: 200, NextSyncAt: at.Add(time.Hour), Document: doc(n, at), MaxItems: maxItems}
		if _, err := s.RecordDownload(ctx, feedID, d); err != nil {
			b.Fatal(err)
		}
	}
	for range prefill {
		step()
	}
	b.ReportAllocs()
	cpu, written := cpuTime(), writtenBytes()
	for b.Loop() {
		step()
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(writtenBytes()-written)/float64(b.N), "written-B/op")
}

// writtenBytes is how many bytes the process has handed to write system
// calls so far (wchar of /proc/self/io: the WAL, checkpoints, logs), 0
// where that is not known.
func writtenBytes() int64 {
	data, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "wchar: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return 0
}

// cpuTime is the process's user + system CPU time so far, in nanoseconds:
// the write's cost without the time spent waiting for the disk.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkRecordDownloadCold20 records 20 new items each time into a feed
// that keeps them all: the cold sync's write (insert, full-text index,
// counters, commit) without a purge.
func BenchmarkRecordDownloadCold20(b *testing.B) {
	benchRecord(b, 0, 0, func(n int, at time.Time) *document.Document { return benchDoc(fmt.Sprint("run", n), at) })
}

// BenchmarkRecordDownloadNew20AtLimit records 20 new items each time into
// a feed already at its limit of 200: each download also purges 20.
func BenchmarkRecordDownloadNew20AtLimit(b *testing.B) {
	benchRecord(b, 200, 10, func(n int, at time.Time) *document.Document { return benchDoc(fmt.Sprint("run", n), at) })
}

// BenchmarkRecordDownloadSame20 records the same 20 items again (a 200
// whose body changed but not its items): nothing should be rewritten.
func BenchmarkRecordDownloadSame20(b *testing.B) {
	start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	benchRecord(b, 200, 10, func(int, time.Time) *document.Document { return benchDoc("same", start) })
}

// BenchmarkRecordDownloadNotModified records a 304: no document.
func BenchmarkRecordDownloadNotModified(b *testing.B) {
	benchRecord(b, 200, 1, func(n int, at time.Time) *document.Document {
		if n == 1 {
			return benchDoc("base", at)
		}
		return nil
	})
}
