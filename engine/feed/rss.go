package feed

import (
	"net/url"
	"strings"

	"github.com/tidings-rss/tidings/engine/document"
)

// isRSSName reports whether an element is local in the RSS vocabulary:
// RSS 0.9x and 2.0 have no namespace, RSS 1.0 and 0.90 their own. Names
// match in any case ("pubdate", "TiTlE"), as podcast apps read them.
func isRSSName(e *element, local string) bool {
	if !strings.EqualFold(e.name.Local, local) {
		return false
	}
	return e.name.Space == "" || e.ns() == nsRSS10 || e.ns() == nsRSS20
}

// rssChild returns e's first RSS child local.
func rssChild(e *element, local string) *element {
	for _, c := range e.children {
		if c.el != nil && isRSSName(c.el, local) {
			return c.el
		}
	}
	return nil
}

// rssChildren returns e's RSS children local.
func rssChildren(e *element, local string) []*element {
	var out []*element
	e.each(func(c *element) {
		if isRSSName(c, local) {
			out = append(out, c)
		}
	})
	return out
}

// rssText returns the trimmed text of e's first RSS child local with any.
func rssText(e *element, local string) string {
	for _, c := range rssChildren(e, local) {
		if s := strings.TrimSpace(c.text()); s != "" {
			return s
		}
	}
	return ""
}

// rssItems are a document's item elements: the channel's, then those
// straight under the root (RSS 1.0 puts them there).
func rssItems(root *element) []*element {
	ch := rssChild(root, "channel")
	if ch == nil {
		return rssChildren(root, "item")
	}
	return append(rssChildren(ch, "item"), rssChildren(root, "item")...)
}

// rssDocument reads an RSS 0.9x/2.0 (<rss>) or RSS 1.0/0.90 (<rdf:RDF>)
// document. RSS 1.0 puts its items beside the channel, not in it; a
// document without a channel is read as its own channel.
func rssDocument(root *element) *document.Document {
	ch := rssChild(root, "channel")
	if ch == nil { // items straight under <rss>, as some feeds have them
		ch = root
	}
	doc := &document.Document{
		Title:       rssConstruct(rssChild(ch, "title"), false).asText(),
		Link:        firstNonEmpty(ch.resolve(rssText(ch, "link")), atomAlternate(ch)),
		Description: rssChannelDescription(ch),
		Hints:       rssHints(ch),
		NewFeedURL:  ch.resolve(ch.firstText(nsITunes, "new-feed-url")),
	}
	if doc.Title == "" {
		doc.Title = ch.firstText(nsDC, "title")
	}
	items := rssItems(root)
	doc.Items = make([]document.Item, 0, len(items))
	for _, it := range items {
		doc.Items = append(doc.Items, rssItem(it))
	}
	return doc
}

// rssChannelDescription is the channel's description as text: description,
// else dc:description, else itunes:summary or itunes:subtitle.
func rssChannelDescription(ch *element) string {
	if d := rssChild(ch, "description"); d != nil && strings.TrimSpace(d.text()) != "" {
		return rssConstruct(d, true).asText()
	}
	return firstNonEmpty(ch.firstText(nsDC, "description"), ch.firstText(nsITunes, "summary"),
		ch.firstText(nsITunes, "subtitle"))
}

// rssItem reads one item.
func rssItem(it *element) document.Item {
	content, summary := contentAndSummary(rssFullContent(it), rssSummary(it))
	encs := rssEnclosures(it)
	if len(encs) == 0 {
		encs = mediaEnclosures(it)
	}
	return document.Item{
		GUID:            rssGUID(it),
		Title:           firstNonEmpty(rssConstruct(rssChild(it, "title"), false).asText(), extTitle(it)),
		Link:            rssLink(it),
		Author:          rssAuthor(it),
		Published:       earliest(firstDate(rssText(it, "pubDate")), extPublished(it), dateOf(it, nsAtom, "published")),
		Updated:         earliest(extUpdated(it), dateOf(it, nsAtom, "updated")),
		Content:         content,
		Summary:         summary,
		Categories:      rssCategories(it),
		Enclosures:      encs,
		DurationSeconds: itunesDuration(it),
		Image:           itemImage(it),
	}
}

// rssGUID returns the item's <guid> as the feed gave it (trimmed), else
// its rdf:about (RSS 1.0 identity), else "".
func rssGUID(it *element) string {
	if g := rssText(it, "guid"); g != "" {
		return g
	}
	if about, ok := it.attrNS(nsRDF, "about"); ok {
		return strings.TrimSpace(about)
	}
	return ""
}

// rssFullContent is an item's full content (HTML): content:encoded, else
// xhtml:body, else <fullitem>, else atom:content.
func rssFullContent(it *element) string {
	if c := it.first(nsContent, "encoded"); c != nil && strings.TrimSpace(c.text()) != "" {
		return absolutize(rssConstruct(c, true).asHTML(), c.base)
	}
	if b := firstOf(it.first(nsXHTML, "body"), rssChild(it, "body")); b != nil {
		return absolutize(renderChildren(b), b.base)
	}
	if f := rssChild(it, "fullitem"); f != nil {
		return absolutize(rssConstruct(f, true).asHTML(), f.base)
	}
	if c := it.first(nsAtom, "content"); c != nil {
		return absolutize(atomConstruct(c).asHTML(), c.base)
	}
	return ""
}

// firstOf returns the first element of els that is not nil.
func firstOf(els ...*element) *element {
	for _, e := range els {
		if e != nil {
			return e
		}
	}
	return nil
}

// rssSummary is an item's description (HTML), else the extensions' summary.
func rssSummary(it *element) string {
	if d := rssChild(it, "description"); d != nil && strings.TrimSpace(d.text()) != "" {
		return absolutize(rssConstruct(d, true).asHTML(), d.base)
	}
	return extSummary(it)
}

// rssLink returns the item's first <link>, else an atom:link
// rel="alternate", else the guid when it is a permalink (isPermaLink not
// "false") that is an http(s) URL; relative links resolve against the
// item's base.
func rssLink(it *element) string {
	if link := firstNonEmpty(it.resolve(rssText(it, "link")), atomAlternate(it)); link != "" {
		return link
	}
	g := rssChild(it, "guid")
	if g == nil || strings.EqualFold(strings.TrimSpace(g.attr("isPermaLink")), "false") {
		return ""
	}
	if guid := strings.TrimSpace(g.text()); isHTTPURL(guid) {
		return guid
	}
	return ""
}

// isHTTPURL reports whether s is an absolute http or https URL with a host.
func isHTTPURL(s string) bool {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return scheme == "http" || scheme == "https"
}

// atomAlternate returns the href of the first atom:link (in an RSS
// document) whose rel is "alternate" or absent.
func atomAlternate(e *element) string {
	for _, l := range e.all(nsAtom, "link") {
		rel := strings.TrimSpace(l.attr("rel"))
		href := strings.TrimSpace(l.attr("href"))
		if href != "" && (rel == "" || strings.EqualFold(rel, "alternate")) {
			return l.resolve(href)
		}
	}
	return ""
}

// rssAuthor returns the display name of <author> (often "email (Name)"),
// else of dc:creator and the other extensions' authors.
func rssAuthor(it *element) string {
	var names []string
	for _, a := range rssChildren(it, "author") {
		names = append(names, displayName(rssConstruct(a, false).asText()))
	}
	if s := joinNames(names); s != "" {
		return s
	}
	return joinNames(extAuthors(it))
}

// rssCategories returns the item's <category> values, then the extensions'
// categories, distinct, in document order.
func rssCategories(it *element) []string {
	var cats []string
	for _, c := range rssChildren(it, "category") {
		cats = append(cats, rssConstruct(c, false).asText())
	}
	for _, c := range it.all(nsAtom, "category") {
		cats = append(cats, firstNonEmpty(c.attr("label"), c.attr("term")))
	}
	return distinct(append(cats, extCategories(it)...))
}

// rssEnclosures returns the item's <enclosure>s that have a URL; a length
// that is not a non-negative integer becomes 0.
func rssEnclosures(it *element) []document.Enclosure {
	var out []document.Enclosure
	for _, e := range rssChildren(it, "enclosure") {
		if enc, ok := enclosure(e.resolve(e.attr("url")), e.attr("type"), e.attr("length")); ok {
			out = append(out, enc)
		}
	}
	return out
}
