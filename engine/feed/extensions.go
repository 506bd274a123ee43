package feed

import (
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
)

// The extension vocabularies RSS and Atom items share: Dublin Core, iTunes
// and Media RSS.

// extTitle is an item's title from dc:title, else media:title.
func extTitle(e *element) string {
	if s := e.firstText(nsDC, "title"); s != "" {
		return s
	}
	for _, m := range mediaElements(e, "title") {
		if s := strings.TrimSpace(mediaText(m).asText()); s != "" {
			return s
		}
	}
	return ""
}

// extSummary is an item's summary (HTML) from dc:description, else
// itunes:summary, else itunes:subtitle, else media:description.
func extSummary(e *element) string {
	if d := e.first(nsDC, "description"); d != nil && strings.TrimSpace(d.text()) != "" {
		return rssConstruct(d, true).asHTML()
	}
	for _, local := range []string{"summary", "subtitle"} {
		if d := e.first(nsITunes, local); d != nil && strings.TrimSpace(d.text()) != "" {
			return rssConstruct(d, false).asHTML()
		}
	}
	for _, m := range mediaElements(e, "description") {
		if strings.TrimSpace(m.text()) != "" {
			return mediaText(m).asHTML()
		}
	}
	return ""
}

// mediaText reads a Media RSS text element, whose type is "plain"
// (default) or "html".
func mediaText(e *element) construct {
	if strings.EqualFold(strings.TrimSpace(e.attr("type")), "html") {
		return construct{value: e.text(), isHTML: true}
	}
	return construct{value: e.text()}
}

// extAuthors are an item's dc:creator (else dc:author, dc:contributor),
// else itunes:author names.
func extAuthors(e *element) []string {
	for _, p := range []struct{ ns, local string }{
		{nsDC, "creator"}, {nsDC, "author"}, {nsDC, "contributor"}, {nsITunes, "author"},
	} {
		var names []string
		for _, c := range e.all(p.ns, p.local) {
			names = append(names, displayName(rssConstruct(c, false).asText()))
		}
		if s := joinNames(names); s != "" {
			return []string{s}
		}
	}
	return nil
}

// extPublished is an item's dc:date, else dcterms:issued, else
// dcterms:created.
func extPublished(e *element) *time.Time {
	return earliest(dateOf(e, nsDC, "date"), dateOf(e, nsDCTerms, "issued", "created"))
}

// extUpdated is an item's dcterms:modified.
func extUpdated(e *element) *time.Time {
	return dateOf(e, nsDCTerms, "modified")
}

// extCategories are an item's dc:subject, itunes:category (with their
// subcategories) and media:category values.
func extCategories(e *element) []string {
	var cats []string
	for _, c := range e.all(nsDC, "subject") {
		cats = append(cats, rssConstruct(c, false).asText())
	}
	cats = append(cats, itunesCategories(e)...)
	for _, m := range mediaElements(e, "category") {
		cats = append(cats, firstNonEmpty(m.attr("label"), m.text()))
	}
	return distinct(cats)
}

// itunesCategories are the text attributes of e's itunes:category
// elements and of those nested in them.
func itunesCategories(e *element) []string {
	var out []string
	for _, c := range e.all(nsITunes, "category") {
		out = append(out, c.attr("text"))
		out = append(out, itunesCategories(c)...)
	}
	return out
}

// mediaElements returns e's Media RSS elements local: its own, then those
// of its media:group and media:content children (and of media:content in
// a group), in that order.
func mediaElements(e *element, local string) []*element {
	out := e.all(nsMedia, local)
	for _, holder := range mediaHolders(e) {
		out = append(out, holder.all(nsMedia, local)...)
	}
	return out
}

// mediaHolders are e's media:group and media:content children and the
// media:content children of its groups.
func mediaHolders(e *element) []*element {
	var out []*element
	for _, g := range e.all(nsMedia, "group") {
		out = append(out, g)
		out = append(out, g.all(nsMedia, "content")...)
	}
	return append(out, e.all(nsMedia, "content")...)
}

// mediaEnclosures are an item's media:content elements with a URL, its
// own and those in media:group, for items without <enclosure>.
func mediaEnclosures(e *element) []document.Enclosure {
	var out []document.Enclosure
	contents := e.all(nsMedia, "content")
	for _, g := range e.all(nsMedia, "group") {
		contents = append(contents, g.all(nsMedia, "content")...)
	}
	for _, c := range contents {
		typ := c.attr("type")
		if typ == "" {
			typ = c.attr("medium")
		}
		if enc, ok := enclosure(c.resolve(c.attr("url")), typ, c.attr("fileSize")); ok {
			out = append(out, enc)
		}
	}
	return out
}

// itunesDuration is an item's itunes:duration in seconds.
func itunesDuration(e *element) int {
	return parseDuration(e.firstText(nsITunes, "duration"))
}

// itemImage is an item's itunes:image href, else its first media:thumbnail.
func itemImage(e *element) string {
	if img := e.first(nsITunes, "image"); img != nil {
		if href := firstNonEmpty(img.attr("href"), img.text()); href != "" {
			return img.resolve(href)
		}
	}
	for _, t := range mediaElements(e, "thumbnail") {
		if u := strings.TrimSpace(t.attr("url")); u != "" {
			return t.resolve(u)
		}
	}
	return ""
}
