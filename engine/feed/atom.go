package feed

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/mmcdole/gofeed/atom"
	"github.com/tidings-rss/tidings/store"
)

// parseAtom parses an Atom 0.3 or 1.0 body with gofeed's Atom parser and
// translates the result.
func parseAtom(body []byte) (*store.Document, error) {
	var feed *atom.Feed
	err := guard("atom", func() (err error) {
		feed, err = new(atom.Parser).Parse(bytes.NewReader(body))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("parse atom: %w: %w", ErrInvalidFeed, err)
	}
	return atomDocument(feed), nil
}

// atomDocument translates a parsed Atom feed.
func atomDocument(f *atom.Feed) *store.Document {
	doc := &store.Document{
		Title:       strings.TrimSpace(f.Title),
		Link:        atomLink(f.Links),
		Description: strings.TrimSpace(f.Subtitle),
		Hints:       syHints(f.Extensions),
		Items:       make([]store.DocItem, 0, len(f.Entries)),
	}
	for _, e := range f.Entries {
		doc.Items = append(doc.Items, atomItem(e, f.Authors))
	}
	return doc
}

// atomItem translates one entry; feedAuthors are the feed's own authors,
// which an entry without any inherits (RFC 4287 §4.2.1).
func atomItem(e *atom.Entry, feedAuthors []*atom.Person) store.DocItem {
	content, summary := contentAndSummary(atomContent(e.Content), e.Summary)
	return store.DocItem{
		GUID:       strings.TrimSpace(e.ID),
		Title:      strings.TrimSpace(e.Title),
		Link:       atomLink(e.Links),
		Author:     atomAuthor(e, feedAuthors),
		Published:  firstDate(e.PublishedParsed),
		Updated:    firstDate(e.UpdatedParsed, extDate(e.Extensions, prefixDCTerms, "modified")),
		Content:    content,
		Summary:    summary,
		Categories: atomCategories(e),
		Enclosures: atomEnclosures(e.Links),
	}
}

// atomContent returns an entry's content as HTML: html and xhtml content
// (and content without a type, which feeds use for HTML in practice) as
// given, text content escaped so its brackets stay text, and nothing for
// out-of-line (src) or binary content.
func atomContent(c *atom.Content) string {
	if c == nil {
		return ""
	}
	switch typ := strings.ToLower(strings.TrimSpace(c.Type)); {
	case typ == "text" || typ == "text/plain":
		return html.EscapeString(c.Value)
	case typ == "" || typ == "html" || strings.Contains(typ, "html"),
		strings.HasPrefix(typ, "text/"), strings.Contains(typ, "xml"):
		return c.Value
	default:
		return ""
	}
}

// atomLink returns the href of the first link with rel="alternate" (gofeed
// gives a link without rel that rel).
func atomLink(links []*atom.Link) string {
	for _, l := range links {
		if strings.EqualFold(strings.TrimSpace(l.Rel), "alternate") {
			if href := strings.TrimSpace(l.Href); href != "" {
				return href
			}
		}
	}
	return ""
}

// atomAuthor returns the name (else email) of the entry's first author,
// else of its source's, else of the feed's.
func atomAuthor(e *atom.Entry, feedAuthors []*atom.Person) string {
	if a := personName(e.Authors); a != "" {
		return a
	}
	if e.Source != nil {
		if a := personName(e.Source.Authors); a != "" {
			return a
		}
	}
	return personName(feedAuthors)
}

// personName returns the first person's name, else email.
func personName(people []*atom.Person) string {
	for _, p := range people {
		if s := firstNonEmpty(p.Name, p.Email); s != "" {
			return s
		}
	}
	return ""
}

// atomCategories returns each category's label, else its term (the label
// is the human-readable one), then dc:subject values; distinct, in order.
func atomCategories(e *atom.Entry) []string {
	var cats []string
	for _, c := range e.Categories {
		cats = appendUnique(cats, firstNonEmpty(c.Label, c.Term))
	}
	return appendUnique(cats, extValues(e.Extensions, prefixDC, "subject")...)
}

// atomEnclosures returns the entry's link rel="enclosure" that have an href.
func atomEnclosures(links []*atom.Link) []store.DocEnclosure {
	var out []store.DocEnclosure
	for _, l := range links {
		if !strings.EqualFold(strings.TrimSpace(l.Rel), "enclosure") {
			continue
		}
		if enc, ok := enclosure(l.Href, l.Type, l.Length); ok {
			out = append(out, enc)
		}
	}
	return out
}
