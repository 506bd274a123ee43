package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// BenchmarkRecordDownloadCold20Concurrent4 records the cold download of 4
// feeds at once per op (20 new items each), as 4 downloads in flight do:
// the writes wait for each other, and group commit puts them in one
// transaction.
func BenchmarkRecordDownloadCold20Concurrent4(b *testing.B) {
	const feeds = 4
	s, now := newTestStore(b)
	ctx := context.Background()
	ids := make([]int64, feeds)
	for i := range ids {
		ids[i] = addFeed(b, s, fmt.Sprintf("http://example.com/feed%d", i), "")
	}
	at := *now
	n := 0
	b.ReportAllocs()
	cpu, written := cpuTime(), writtenBytes()
	for b.Loop() {
		at = at.Add(time.Hour)
		var wg sync.WaitGroup
		errs := make([]error, feeds)
		for i, id := range ids {
			n++
			d := Download{At: at, Status: 200, NextSyncAt: at.Add(time.Hour), Document: benchDoc(fmt.Sprint("run", n), at)}
			wg.Go(func() { _, errs[i] = s.RecordDownload(ctx, id, d) })
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N*feeds), "cpu-ns/record")
	b.ReportMetric(float64(writtenBytes()-written)/float64(b.N*feeds), "written-B/record")
}
