package feed

import (
	"net/url"
	"strings"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize"
)

// Clean sanitizes everything a feed said before it reaches the store. Text
// fields (Parse gives them as text) lose controls and extra white space and
// nothing else: their '<', '>' and '&' are characters. HTML fields lose
// active content. Links are made absolute against the feed's URL (base)
// and dropped unless http(s). The guid keeps its bytes but for controls.
func Clean(doc *document.Document, base string) {
	abs := resolver(base)
	doc.Title = sanitize.Text(doc.Title)
	doc.Link = sanitize.Link(abs(doc.Link))
	doc.Description = sanitize.Text(doc.Description)
	doc.NewFeedURL = sanitize.Link(abs(doc.NewFeedURL))
	for i := range doc.Items {
		cleanItem(&doc.Items[i], abs)
	}
	cleanListInfo(doc)
}

// resolver returns a function making references absolute against base;
// references it cannot resolve are returned as they are.
func resolver(base string) func(string) string {
	b, err := url.Parse(base)
	return func(ref string) string {
		ref = strings.TrimSpace(ref)
		if err != nil || ref == "" {
			return ref
		}
		u, perr := b.Parse(ref)
		if perr != nil {
			return ref
		}
		return u.String()
	}
}

// The most enclosures and categories an item keeps. A podcast episode has
// one enclosure (Media RSS a few renditions); without a bound one item
// could queue a hundred thousand downloads on someone else's server.
const (
	maxItemEnclosures = 16
	maxItemCategories = 64
)

func cleanItem(it *document.Item, abs func(string) string) {
	it.GUID = strings.TrimSpace(sanitize.Terminal(it.GUID)) // identity: controls out, nothing else changed
	it.Title = sanitize.Text(it.Title)
	it.Link = sanitize.Link(abs(it.Link))
	it.Author = sanitize.Text(it.Author)
	it.Content, it.Summary = cleanBodies(it.Content, it.Summary)
	cats := it.Categories[:0]
	for _, c := range it.Categories {
		if c = sanitize.Text(c); c != "" && len(cats) < maxItemCategories {
			cats = append(cats, c)
		}
	}
	it.Categories = cats
	encs := it.Enclosures[:0]
	for _, e := range it.Enclosures {
		e.URL = sanitize.Link(abs(e.URL))
		e.Type = sanitize.Text(e.Type)
		if e.Length < 0 {
			e.Length = 0
		}
		if e.URL != "" && len(encs) < maxItemEnclosures {
			encs = append(encs, e)
		}
	}
	it.Enclosures = encs
	it.Image = sanitize.Link(abs(it.Image))
	it.DurationSeconds = max(0, it.DurationSeconds)
}

// cleanBodies sanitizes an item's content and summary; a summary that
// says what the content says is dropped. A summary given equal to the
// content (many feeds repeat one in the other) is dropped before it is
// sanitized, which would make it equal again.
func cleanBodies(content, summary string) (string, string) {
	clean := sanitize.HTML(content)
	if summary == content {
		return clean, ""
	}
	if summary = sanitize.HTML(summary); summary == clean {
		summary = ""
	}
	return clean, summary
}
