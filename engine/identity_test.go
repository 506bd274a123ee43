package engine

import (
	"html"
	"slices"
	"testing"
)

// TestGuidsAreStoredByteForByte: guids and Atom ids are the feed's, never
// normalised (case, percent-encoding, relative references), so that the
// items are matched by them again on the next download.
func TestGuidsAreStoredByteForByte(t *testing.T) {
	h := newHarness(t)
	guids := []string{"HTTP://www.example.org/thing", "Correct%20Value", "/relative/link",
		"http://www.example.com/%7ebob", "tag:example.com,2006:<&>"}
	body := `<rss version="2.0"><channel><title>G</title>`
	for i, g := range guids {
		body += `<item><title>item ` + string(rune('a'+i)) + `</title><guid isPermaLink="false">` +
			html.EscapeString(g) + `</guid></item>`
	}
	body += `</channel></rss>`
	h.srv.serveDoc("/g.xml", body)
	f := h.add("/g.xml")
	h.mustSync(f)
	var got []string
	for _, it := range h.items(f) {
		got = append(got, it.GUID)
	}
	slices.Sort(got)
	want := slices.Clone(guids)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("stored guids %q, want %q", got, want)
	}
	h.srv.serveDoc("/g.xml", body+" ") // a new body: parsed and merged again
	if r := h.mustSync(f); r.NewItems != 0 {
		t.Errorf("second download added %d items: guids did not match again", r.NewItems)
	}
}

// TestRSS10ItemsAreIdentifiedByRDFAbout: an RSS 1.0 item is known by its
// rdf:about, so a changed link or title updates it in place.
func TestRSS10ItemsAreIdentifiedByRDFAbout(t *testing.T) {
	h := newHarness(t)
	doc := func(title, link string) string {
		return `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">` +
			`<channel rdf:about="http://example.org/"><title>R</title><link>http://example.org/</link></channel>` +
			`<item rdf:about="http://example.org/1"><title>` + title + `</title><link>` + link + `</link></item>` +
			`</rdf:RDF>`
	}
	h.srv.serveDoc("/r.rdf", doc("First", "http://example.org/1?utm=a"))
	f := h.add("/r.rdf")
	h.mustSync(f)
	h.srv.serveDoc("/r.rdf", doc("First, corrected", "http://example.org/1?utm=b"))
	r := h.mustSync(f)
	items := h.items(f)
	if r.NewItems != 0 || r.UpdatedItems != 1 || len(items) != 1 {
		t.Fatalf("second download: %d new, %d updated, %d stored; want the item updated in place",
			r.NewItems, r.UpdatedItems, len(items))
	}
	if items[0].GUID != "http://example.org/1" || items[0].Title != "First, corrected" {
		t.Errorf("item = %q %q", items[0].GUID, items[0].Title)
	}
}
