package feed

import (
	"fmt"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
)

// TestCleanDocumentResolvesAndFiltersLinks checks Clean on a parsed
// document: text fields (already text: Parse reduced any HTML) lose only
// controls and extra white space, '<', '>' and '&' staying characters;
// HTML fields are sanitized; links resolve and must be http(s).
func TestCleanDocumentResolvesAndFiltersLinks(t *testing.T) {
	doc := &document.Document{
		Title: "<b>Feed</b> \x1b[31mred\u202e",
		Link:  "/home",
		Items: []document.Item{{
			GUID:       " id-1\x1b ",
			Title:      " if a<b and c>d\n  &amp; \x07more ",
			Link:       "posts/1",
			Content:    `<p onclick="x()">hi</p><script>alert(1)</script>`,
			Summary:    `<p>hi</p>`,
			Categories: []string{"Option<T>", "  ", "\x1b"},
			Enclosures: []document.Enclosure{
				{URL: "/media/ep1.mp3", Type: "audio/mpeg", Length: -5},
				{URL: "javascript:alert(1)"},
			},
		}, {
			Link: "javascript:alert(1)",
		}},
	}
	Clean(doc, "https://example.com/blog/feed.xml")
	it := doc.Items[0]
	checks := []struct{ name, got, want string }{
		{"channel title", doc.Title, "<b>Feed</b> [31mred"},
		{"channel link", doc.Link, "https://example.com/home"},
		{"guid", it.GUID, "id-1"},
		{"title", it.Title, "if a<b and c>d &amp; more"},
		{"link", it.Link, "https://example.com/blog/posts/1"},
		{"content", it.Content, "<p>hi</p>"},
		{"summary equal to content is dropped", it.Summary, ""},
		{"javascript link", doc.Items[1].Link, ""},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if len(it.Categories) != 1 || it.Categories[0] != "Option<T>" {
		t.Errorf("categories = %q, want [Option<T>]", it.Categories)
	}
	if len(it.Enclosures) != 1 || it.Enclosures[0].URL != "https://example.com/media/ep1.mp3" || it.Enclosures[0].Length != 0 {
		t.Errorf("enclosures = %+v", it.Enclosures)
	}
}

// TestCleanBodies checks the content and summary of an item: each
// sanitized, and the summary dropped when it says what the content says,
// whether given equal or equal once sanitized.
func TestCleanBodies(t *testing.T) {
	tests := []struct {
		name, content, summary, wantContent, wantSummary string
	}{
		{"summary given equal", `<p onclick="x()">a</p>`, `<p onclick="x()">a</p>`, "<p>a</p>", ""},
		{"summary equal once sanitized", `<p onclick="x()">a</p>`, `<p>a</p><script>x</script>`, "<p>a</p>", ""},
		{"both empty", "", "", "", ""},
		{"summary only", "", `<b>s</b><img src=x onerror=y>`, "", `<b>s</b><img src="x">`},
		{"different", `<p>long</p>`, "short &amp; sweet", "<p>long</p>", "short &amp; sweet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			content, summary := cleanBodies(tt.content, tt.summary)
			if content != tt.wantContent || summary != tt.wantSummary {
				t.Errorf("cleanBodies(%q, %q) = %q, %q; want %q, %q", tt.content, tt.summary, content, summary, tt.wantContent, tt.wantSummary)
			}
		})
	}
}

// An item keeps at most maxItemEnclosures enclosures and
// maxItemCategories categories: one item of a hostile feed cannot queue a
// hundred thousand downloads on someone else's server.
func TestCleanBoundsEnclosuresAndCategoriesPerItem(t *testing.T) {
	it := document.Item{GUID: "flood"}
	for i := range 100000 {
		it.Enclosures = append(it.Enclosures, document.Enclosure{URL: fmt.Sprintf("http://victim.example/%d.mp3", i), Type: "audio/mpeg"})
		it.Categories = append(it.Categories, fmt.Sprintf("c%d", i))
	}
	doc := &document.Document{Items: []document.Item{it}}
	Clean(doc, "http://feed.example/")
	got := doc.Items[0]
	if len(got.Enclosures) != maxItemEnclosures || got.Enclosures[0].URL != "http://victim.example/0.mp3" {
		t.Fatalf("%d enclosures kept (first %v), want the first %d", len(got.Enclosures), got.Enclosures[0], maxItemEnclosures)
	}
	if len(got.Categories) != maxItemCategories || got.Categories[0] != "c0" {
		t.Fatalf("%d categories kept, want the first %d", len(got.Categories), maxItemCategories)
	}
}
