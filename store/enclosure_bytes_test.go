package store

import (
	"context"
	"testing"
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
