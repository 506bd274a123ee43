package feed

import (
	"bytes"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	ext "github.com/mmcdole/gofeed/extensions"
	"github.com/mmcdole/gofeed/rss"
	"github.com/tidings-rss/tidings/store"
)

// parseRSS parses an RSS 0.9x, 1.0 or 2.0 body with gofeed's RSS parser,
// which keeps ttl, skipHours and skipDays, and translates the result.
func parseRSS(body []byte) (*store.Document, error) {
	var feed *rss.Feed
	err := guard("rss", func() (err error) {
		feed, err = new(rss.Parser).Parse(bytes.NewReader(body))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("parse rss: %w: %w", ErrInvalidFeed, err)
	}
	return rssDocument(feed), nil
}

// rssDocument translates a parsed RSS channel.
func rssDocument(f *rss.Feed) *store.Document {
	doc := &store.Document{
		Title:       firstNonEmpty(f.Title, extValue(f.Extensions, prefixDC, "title")),
		Link:        firstNonEmpty(firstNonEmpty(f.Links...), atomAlternate(f.Extensions)),
		Description: firstNonEmpty(f.Description, extValue(f.Extensions, prefixDC, "description")),
		Hints:       rssHints(f),
		Items:       make([]store.DocItem, 0, len(f.Items)),
	}
	for _, it := range f.Items {
		doc.Items = append(doc.Items, rssItem(it))
	}
	return doc
}

// rssItem translates one RSS item.
func rssItem(it *rss.Item) store.DocItem {
	content, summary := contentAndSummary(it.Content, rssDescription(it))
	return store.DocItem{
		GUID:      rssGUID(it),
		Title:     firstNonEmpty(it.Title, extValue(it.Extensions, prefixDC, "title")),
		Link:      rssLink(it),
		Author:    rssAuthor(it),
		Published: firstDate(it.PubDateParsed, extDate(it.Extensions, prefixDC, "date")),
		Updated: firstDate(extDate(it.Extensions, prefixDCTerms, "modified"),
			extDate(it.Extensions, prefixAtom, "updated")),
		Content:    content,
		Summary:    summary,
		Categories: rssCategories(it),
		Enclosures: rssEnclosures(it),
	}
}

// rssGUID returns the item's <guid>, "" when absent.
func rssGUID(it *rss.Item) string {
	if it.GUID == nil {
		return ""
	}
	return strings.TrimSpace(it.GUID.Value)
}

// rssDescription returns <description>, else dc:description, else
// itunes:summary.
func rssDescription(it *rss.Item) string {
	return firstNonEmpty(it.Description,
		extValue(it.Extensions, prefixDC, "description"),
		extValue(it.Extensions, prefixITunes, "summary"))
}

// rssLink returns the item's first <link>, else an atom:link
// rel="alternate", else the guid when it is a permalink (isPermaLink not
// "false") that looks like an http(s) URL.
func rssLink(it *rss.Item) string {
	if link := firstNonEmpty(firstNonEmpty(it.Links...), atomAlternate(it.Extensions)); link != "" {
		return link
	}
	if it.GUID == nil || strings.EqualFold(strings.TrimSpace(it.GUID.IsPermalink), "false") {
		return ""
	}
	if guid := rssGUID(it); isHTTPURL(guid) {
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
func atomAlternate(exts ext.Extensions) string {
	for _, l := range extElements(exts, prefixAtom, "link") {
		rel := strings.TrimSpace(l.Attrs["rel"])
		href := strings.TrimSpace(l.Attrs["href"])
		if href != "" && (rel == "" || strings.EqualFold(rel, "alternate")) {
			return href
		}
	}
	return ""
}

// rssAuthor returns <author> as given (often "email (Name)"), else
// dc:creator, else itunes:author.
func rssAuthor(it *rss.Item) string {
	return firstNonEmpty(it.Author,
		extValue(it.Extensions, prefixDC, "creator"),
		extValue(it.Extensions, prefixITunes, "author"))
}

// rssCategories returns the item's <category> and dc:subject values,
// distinct, in document order.
func rssCategories(it *rss.Item) []string {
	var cats []string
	for _, c := range it.Categories {
		cats = appendUnique(cats, c.Value)
	}
	return appendUnique(cats, extValues(it.Extensions, prefixDC, "subject")...)
}

// rssEnclosures returns the item's enclosures that have a URL; a length
// that is not a non-negative integer becomes 0.
func rssEnclosures(it *rss.Item) []store.DocEnclosure {
	var out []store.DocEnclosure
	for _, e := range it.Enclosures {
		if enc, ok := enclosure(e.URL, e.Type, e.Length); ok {
			out = append(out, enc)
		}
	}
	return out
}

// enclosure builds a DocEnclosure, false when u is blank.
func enclosure(u, typ, length string) (store.DocEnclosure, bool) {
	u = strings.TrimSpace(u)
	if u == "" {
		return store.DocEnclosure{}, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(length), 10, 64)
	if err != nil || n < 0 {
		n = 0
	}
	return store.DocEnclosure{URL: u, Type: strings.TrimSpace(typ), Length: n}, true
}
