package store

import (
	"context"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// Giving a feed its own title back shows the publisher's title, kept while
// the user's showed (the CLI's twin is TestTitleBackToTheFeedsOwnShowsAtOnce).
// A feed named by the user before any publisher's title was kept forgets
// its validators and body, so its next download is parsed and names it.
func TestTitleBackToTheFeedsOwn(t *testing.T) {
	ctx := context.Background()
	s, now := newTestStore(t)
	id, err := s.AddFeed(ctx, NewFeed{URL: weburl.MustParse("https://a.test/feed"), Title: "Mine", CustomTitle: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordDownload(ctx, id, Download{At: *now, Status: 200, ETag: `"v1"`, BodyHash: "h1",
		Document: &document.Document{Title: "Publisher"}}); err != nil {
		t.Fatal(err)
	}
	own := ""
	if err := s.UpdateFeedSettings(ctx, id, FeedSettings{Title: &own}); err != nil {
		t.Fatal(err)
	}
	f, err := s.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if f.Title != "Publisher" || f.CustomTitle || f.State.ETag != `"v1"` {
		t.Errorf("after title=: title %q custom %v etag %q; want Publisher, false, the etag kept", f.Title, f.CustomTitle, f.State.ETag)
	}

	legacy, err := s.AddFeed(ctx, NewFeed{URL: weburl.MustParse("https://b.test/feed"), Title: "Named", CustomTitle: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordDownload(ctx, legacy, Download{At: *now, Status: 200, ETag: `"v1"`, BodyHash: "h1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateFeedSettings(ctx, legacy, FeedSettings{Title: &own}); err != nil {
		t.Fatal(err)
	}
	if f, err = s.Feed(ctx, legacy); err != nil {
		t.Fatal(err)
	}
	if f.Title != "" || f.State.ETag != "" || f.State.BodyHash != "" {
		t.Errorf("unknown publisher's title: title %q etag %q hash %q; want all empty", f.Title, f.State.ETag, f.State.BodyHash)
	}
}
