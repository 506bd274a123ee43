package feed

import (
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// isAtom reports whether the element is in the Atom 1.0 or 0.3 namespace,
// or in none (feeds that forget xmlns).
func isAtom(e *element) bool {
	switch e.ns() {
	case "", nsAtom, nsAtom03:
		return true
	}
	return false
}

// atomChild returns e's first Atom child among locals (in that order of
// preference).
func atomChild(e *element, locals ...string) *element {
	for _, local := range locals {
		for _, c := range e.children {
			if c.el != nil && c.el.name.Local == local && isAtom(c.el) {
				return c.el
			}
		}
	}
	return nil
}

// atomChildren returns e's Atom children local.
func atomChildren(e *element, local string) []*element {
	var out []*element
	e.each(func(c *element) {
		if c.name.Local == local && isAtom(c) {
			out = append(out, c)
		}
	})
	return out
}

// atomDocument reads an Atom 1.0 or 0.3 feed.
func atomDocument(root *element) *document.Document {
	doc := &document.Document{
		Title:       firstNonEmpty(atomConstruct(atomChild(root, "title")).asText(), root.firstText(nsDC, "title")),
		Link:        atomLink(root),
		Description: atomConstruct(atomChild(root, "subtitle", "tagline")).asText(),
		Hints:       syHints(root),
		NewFeedURL:  root.resolve(root.firstText(nsITunes, "new-feed-url")),
	}
	feedAuthors := atomAuthors(root)
	entries := atomChildren(root, "entry")
	doc.Items = make([]document.Item, 0, len(entries))
	for _, e := range entries {
		doc.Items = append(doc.Items, atomItem(e, feedAuthors))
	}
	return doc
}

// atomItem reads one entry; feedAuthors are the feed's own authors, which
// an entry without any inherits (RFC 4287 §4.2.1).
func atomItem(e *element, feedAuthors string) document.Item {
	content, summary := contentAndSummary(atomHTML(atomChild(e, "content")), atomSummary(e))
	encs := atomEnclosures(e)
	if len(encs) == 0 {
		encs = mediaEnclosures(e)
	}
	return document.Item{
		GUID:            strings.TrimSpace(textOf(atomChild(e, "id"))),
		Title:           firstNonEmpty(atomConstruct(atomChild(e, "title")).asText(), extTitle(e)),
		Link:            atomLink(e),
		Author:          firstNonEmpty(atomAuthors(e), atomSourceAuthors(e), joinNames(extAuthors(e)), feedAuthors),
		Published:       earliest(atomDate(e, "published", "issued", "created"), extPublished(e)),
		Updated:         earliest(atomDate(e, "updated", "modified"), extUpdated(e)),
		Content:         content,
		Summary:         summary,
		Categories:      atomCategories(e),
		Enclosures:      encs,
		DurationSeconds: itunesDuration(e),
		Image:           itemImage(e),
	}
}

// textOf returns an element's text, "" for nil.
func textOf(e *element) string {
	if e == nil {
		return ""
	}
	return e.text()
}

// atomDate returns the first of e's Atom date elements locals that parses.
func atomDate(e *element, locals ...string) *time.Time {
	for _, local := range locals {
		for _, c := range atomChildren(e, local) {
			if t := parseDate(c.text()); t != nil {
				return t
			}
		}
	}
	return nil
}

// atomHTML returns a content construct as HTML with its relative URLs
// resolved.
func atomHTML(c *element) string {
	if c == nil {
		return ""
	}
	cons := atomConstruct(c)
	if !cons.isHTML && c.attr("type") == "" && c.attr("mode") == "" {
		// RFC 4287 makes untyped content text; feeds mean HTML by it as
		// often as not, so feedparser's rule for RSS decides.
		cons.isHTML = looksLikeHTML(cons.value)
	}
	return absolutize(cons.asHTML(), c.base)
}

// atomSummary is the entry's summary, else the extensions' summary.
func atomSummary(e *element) string {
	if s := atomHTML(atomChild(e, "summary")); strings.TrimSpace(s) != "" {
		return s
	}
	return extSummary(e)
}

// atomLink returns the href of the first link whose rel is "alternate"
// (or absent) and has an href (or, in feeds that get Atom wrong, a URL as
// its text), resolved against its base.
func atomLink(e *element) string {
	for _, l := range atomChildren(e, "link") {
		rel := strings.TrimSpace(l.attr("rel"))
		href := firstNonEmpty(l.attr("href"), l.text())
		if href != "" && (rel == "" || strings.EqualFold(rel, "alternate")) {
			return l.resolve(href)
		}
	}
	return ""
}

// atomAuthors returns the names (else e-mail addresses) of e's authors,
// joined with ", ".
func atomAuthors(e *element) string {
	var names []string
	for _, a := range atomChildren(e, "author") {
		name := atomConstruct(atomChild(a, "name")).asText()
		if name == "" && !a.hasElements() {
			name = displayName(a.text()) // Atom 0.3 era feeds with a bare name
		}
		names = append(names, firstNonEmpty(name, textOf(atomChild(a, "email"))))
	}
	return joinNames(names)
}

// atomSourceAuthors returns the authors of the entry's source feed.
func atomSourceAuthors(e *element) string {
	if src := atomChild(e, "source"); src != nil {
		return atomAuthors(src)
	}
	return ""
}

// atomCategories returns each category's label, else its term (the label
// is the human-readable one), then the extensions' categories; distinct,
// in order.
func atomCategories(e *element) []string {
	var cats []string
	for _, c := range atomChildren(e, "category") {
		cats = append(cats, firstNonEmpty(c.attr("label"), c.attr("term"), c.text()))
	}
	return distinct(append(cats, extCategories(e)...))
}

// atomEnclosures returns the entry's links rel="enclosure" that have an
// href.
func atomEnclosures(e *element) []document.Enclosure {
	var out []document.Enclosure
	for _, l := range atomChildren(e, "link") {
		if !strings.EqualFold(strings.TrimSpace(l.attr("rel")), "enclosure") {
			continue
		}
		if enc, ok := enclosure(l.resolve(l.attr("href")), l.attr("type"), l.attr("length")); ok {
			out = append(out, enc)
		}
	}
	return out
}
