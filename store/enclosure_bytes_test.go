package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

// The total counts what every recorded file and partial file holds, and
// nothing once an enclosure is removed.
func TestEnclosureBytesSumsTheRecordedFiles(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	feed := addFeed(t, s, "http://a.example/feed", "")
	ids := withEnclosures(t, s, feed, *now, "http://a.example/1.mp3", "http://a.example/2.mp3", "http://a.example/3.mp3")
	total := func() int64 {
		t.Helper()
		n, err := s.EnclosureBytes(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := total(); n != 0 {
		t.Fatalf("no files: %d bytes", n)
	}
	if err := s.FinishEnclosure(ctx, ids[0], EnclosureOutcome{Status: EnclosureDownloaded, Path: "/enc/1.mp3",
		BytesDone: 1000, BytesTotal: 1000}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetEnclosureProgress(ctx, ids[1], EnclosureProgress{Path: "/enc/2.mp3", PartPath: "/enc/2.mp3.part",
		BytesDone: 300}); err != nil {
		t.Fatal(err)
	}
	if n := total(); n != 1300 {
		t.Errorf("a file of 1000 and a partial of 300: %d bytes", n)
	}
	if _, err := s.RemoveEnclosure(ctx, ids[0], EnclosureDownloaded); err != nil {
		t.Fatal(err)
	}
	if n := total(); n != 300 {
		t.Errorf("after removing the file of 1000: %d bytes, want 300", n)
	}
}

// BenchmarkEnclosureBytes reads the total of 20,000 enclosures (2,500
// items of 8, half of them with a file), as a running transfer does at
// each recorded chunk.
func BenchmarkEnclosureBytes(b *testing.B) {
	s, now := newTestStore(b)
	ctx := context.Background()
	feed := addFeed(b, s, "http://a.example/feed", "")
	var items []document.Item
	for i := range 2500 {
		it := document.Item{GUID: fmt.Sprint("g", i), Title: fmt.Sprint("item ", i)}
		for k := range 8 {
			it.Enclosures = append(it.Enclosures, document.Enclosure{URL: fmt.Sprintf("http://a.example/%d/%d.mp3", i, k), Type: "audio/mpeg"})
		}
		items = append(items, it)
	}
	record(b, s, feed, *now, docOf(items...), 0)
	jobs, err := s.EnclosureJobs(ctx, EnclosureQuery{})
	if err != nil || len(jobs) != 20000 {
		b.Fatalf("%d jobs, %v", len(jobs), err)
	}
	for i, j := range jobs[:len(jobs)/2] {
		if err := s.FinishEnclosure(ctx, j.ID, EnclosureOutcome{Status: EnclosureDownloaded,
			Path: fmt.Sprintf("/enc/%d.mp3", i), BytesDone: 1 << 20}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if n, err := s.EnclosureBytes(ctx); err != nil || n != 10000<<20 {
			b.Fatalf("%d bytes, %v", n, err)
		}
	}
}
