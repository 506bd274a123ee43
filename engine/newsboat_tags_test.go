package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/newsboat"
)

// Issue 24, item 10: "1 feed has more than one tag" did not say which.
// The notice names the feeds, five at most and how many more, each with
// its folder and the tags not kept.
func TestNewsboatNoticeNamesTheFeedsWithMoreTags(t *testing.T) {
	h := newHarness(t)
	var lines []string
	for i := 1; i <= 7; i++ {
		lines = append(lines, fmt.Sprintf("https://f%d.test/feed.xml first extra%d \"third one\"", i, i))
	}
	lines = append(lines, "https://plain.test/feed.xml only")
	u, err := newsboat.ParseURLs(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	out, err := h.eng.ImportNewsboatURLs(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	want := `7 feeds have more than one tag; a feed has one folder here, its first tag, and the others are not kept: ` +
		`https://f1.test/feed.xml (in first; not kept: extra1, "third one"), ` +
		`https://f2.test/feed.xml (in first; not kept: extra2, "third one"), ` +
		`https://f3.test/feed.xml (in first; not kept: extra3, "third one"), ` +
		`https://f4.test/feed.xml (in first; not kept: extra4, "third one"), ` +
		`https://f5.test/feed.xml (in first; not kept: extra5, "third one") and 2 more`
	if len(out.Notices) != 1 || out.Notices[0] != want {
		t.Errorf("notices %q\nwant %q", out.Notices, want)
	}
}
