package store

import (
	"context"
	"testing"
	"time"
)

func TestDailyStatsSumsDownloadsPerDay(t *testing.T) {
	s, now := newTestStore(t)
	ctx := context.Background()
	a := addFeed(t, s, "http://a.example/feed", "")
	b := addFeed(t, s, "http://b.example/feed", "")
	yesterday := now.Add(-24 * time.Hour)
	dl := func(feed int64, at time.Time, status int, recv, saved int64) {
		t.Helper()
		if _, err := s.RecordDownload(ctx, feed, Download{At: at, NextSyncAt: at, Status: status,
			BytesReceived: recv, BytesSaved: saved, NotModified: status == 304}); err != nil {
			t.Fatal(err)
		}
	}
	dl(a, yesterday, 200, 1000, 0)
	dl(a, *now, 304, 100, 900)
	dl(b, *now, 226, 200, 800)
	if _, err := s.RecordFailure(ctx, b, Failure{At: *now, NextSyncAt: *now, Status: 503, Error: "503", Counted: true}); err != nil {
		t.Fatal(err)
	}
	all, err := s.DailyStats(ctx, 0, 7, *now)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 7 || !all[6].Day.Equal(now.Truncate(24*time.Hour)) {
		t.Fatalf("got %d days ending %v", len(all), all[len(all)-1].Day)
	}
	today, before := all[6], all[5]
	if today.Requests != 3 || today.NotModified != 1 || today.Deltas != 1 || today.Failures != 1 ||
		today.BytesReceived != 300 || today.BytesSaved != 1700 {
		t.Errorf("today = %+v", today)
	}
	if before.Requests != 1 || before.BytesReceived != 1000 {
		t.Errorf("yesterday = %+v", before)
	}
	onlyA, _ := s.DailyStats(ctx, a, 7, *now)
	if onlyA[6].Requests != 1 || onlyA[6].NotModified != 1 {
		t.Errorf("feed a today = %+v", onlyA[6])
	}
}
