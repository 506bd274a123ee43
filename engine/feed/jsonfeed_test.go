package feed

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"

	"github.com/tidings-rss/tidings/engine/document"
)

const jsonFeed11 = `{
  "version": "https://jsonfeed.org/version/1.1",
  "title": "Daring <Fireball>",
  "home_page_url": "https://example.org/",
  "description": "Links & notes",
  "authors": [{"name": "Ann"}],
  "items": [
    {
      "id": 42,
      "url": "https://example.org/2026/episode",
      "title": "Option<T> in five minutes",
      "content_html": "<p>See <a href=\"/notes\">the notes</a>.</p>",
      "summary": "A <short> one",
      "date_published": "2026-05-10T08:30:00-04:00",
      "date_modified": "2026-05-11T10:00:00Z",
      "tags": ["rust", "types", "rust"],
      "attachments": [{"url": "https://cdn.example.org/ep.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 1234, "duration_in_seconds": 300}]
    },
    {"id": "t1", "content_text": "Just text\n\nwith a <tag>", "authors": [{"name": "Bo"}]}
  ]
}`

func TestParseJSONFeed(t *testing.T) {
	doc, err := ParseWith(strings.NewReader(jsonFeed11), Options{URL: "https://example.org/feed.json"})
	if err != nil {
		t.Fatal(err)
	}
	pub := time.Date(2026, 5, 10, 12, 30, 0, 0, time.UTC)
	upd := time.Date(2026, 5, 11, 10, 0, 0, 0, time.UTC)
	want := &document.Document{
		Title: "Daring <Fireball>", Link: "https://example.org/", Description: "Links & notes",
		Items: []document.Item{
			{GUID: "42", Title: "Option<T> in five minutes", Link: "https://example.org/2026/episode", Author: "Ann",
				Published: &pub, Updated: &upd,
				Content:         `<p>See <a href="https://example.org/notes">the notes</a>.</p>`,
				Summary:         "<p>A &lt;short&gt; one</p>",
				Categories:      []string{"rust", "types"},
				Enclosures:      []document.Enclosure{{URL: "https://cdn.example.org/ep.mp3", Type: "audio/mpeg", Length: 1234}},
				DurationSeconds: 300},
			{GUID: "t1", Author: "Bo", Content: "<p>Just text</p><p>with a &lt;tag&gt;</p>"},
		},
	}
	assertDoc(t, want, doc)
}

func TestJSONFeedEndsLikeNoMoreUpdates(t *testing.T) {
	doc, err := Parse(strings.NewReader(`{"version":"https://jsonfeed.org/version/1","title":"Done","expired":true,"items":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !doc.NoMoreUpdates {
		t.Fatal("an expired JSON Feed does not stop automatic updates")
	}
}

func TestJSONThatIsNotAFeed(t *testing.T) {
	for _, body := range []string{`{"hello": "world"}`, `[1, 2, 3]`} {
		if _, err := Parse(strings.NewReader(body)); !errors.Is(err, ErrNotAFeed) {
			t.Errorf("Parse(%s) = %v, want ErrNotAFeed", body, err)
		}
	}
	_, err := Parse(strings.NewReader(`{"version":"https://jsonfeed.org/version/1.1","items": 7}`))
	if !errors.Is(err, ErrInvalidFeed) {
		t.Errorf("a broken JSON Feed: %v, want ErrInvalidFeed", err)
	}
}

// TestStartsLikeJSONAgreesWithGofeed checks the JSON test against the one
// it replaces, gofeed.DetectFeedType, on bodies of every first byte.
func TestStartsLikeJSONAgreesWithGofeed(t *testing.T) {
	tests := map[string]string{
		"object":              `{"version":"x"}`,
		"space and BOM first": "\xef\xbb\xbf \r\n\t{}",
		"UTF-16 BOM bytes":    "\xff\xfe\x00{",
		"array":               `[{"version":"x"}]`,
		"XML":                 `<?xml version="1.0"?><rss/>`,
		"text":                "hello {",
		"blank":               " \n",
		"empty":               "",
		"NBSP first":          "\u00a0{",
	}
	for name, body := range tests {
		t.Run(name, func(t *testing.T) {
			want := gofeed.DetectFeedType(strings.NewReader(body)) == gofeed.FeedTypeJSON
			if got := startsLikeJSON([]byte(body)); got != want {
				t.Errorf("startsLikeJSON(%q) = %v, gofeed says %v", body, got, want)
			}
		})
	}
}
