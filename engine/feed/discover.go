package feed

import (
	"bytes"
	"mime"
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// discoverTypes are the media types of announced feeds tidings can read,
// in no order of preference (the page's order decides).
var discoverTypes = []string{
	"application/rss+xml",
	"application/atom+xml",
	"application/rdf+xml",
	"application/feed+json",
}

// Discover returns the absolute URLs of the RSS, Atom and RDF feeds a
// web page announces with <link rel="alternate" type="…" href="…">, in page
// order and without duplicates. rel may be a space-separated list and is
// matched case-insensitively, as is type, whose parameters are ignored.
// hrefs are resolved against the page's first <base href>, itself resolved
// against base (which may be nil); fragments are dropped, and only http and
// https URLs with a host are kept (JSON Feed's application/feed+json
// counts; plain application/json does not). Discover returns nil when the
// page announces no feed.
func Discover(base *url.URL, page []byte) []string {
	hrefs, baseHref := scanFeedLinks(page)
	if base == nil {
		base = &url.URL{}
	}
	if baseHref != "" {
		if b, err := base.Parse(baseHref); err == nil {
			base = b
		}
	}
	var feeds []string
	for _, href := range hrefs {
		if u, ok := absoluteFeedURL(base, href); ok && !slices.Contains(feeds, u) {
			feeds = append(feeds, u)
		}
	}
	return feeds
}

// scanFeedLinks returns, in page order, the hrefs of the <link> elements
// announcing a feed, and the href of the first <base> element that has one.
func scanFeedLinks(page []byte) (hrefs []string, baseHref string) {
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return hrefs, baseHref
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			switch tok.Data {
			case "link":
				if href, ok := feedLinkHref(tok.Attr); ok {
					hrefs = append(hrefs, href)
				}
			case "base":
				if href, ok := linkAttr(tok.Attr, "href"); ok && baseHref == "" {
					baseHref = strings.TrimSpace(href)
				}
			}
		}
	}
}

// feedLinkHref returns the href of a <link> announcing a feed tidings reads.
func feedLinkHref(attrs []html.Attribute) (string, bool) {
	rel, _ := linkAttr(attrs, "rel")
	typ, _ := linkAttr(attrs, "type")
	href, _ := linkAttr(attrs, "href")
	href = strings.TrimSpace(href)
	if href == "" || !hasRelAlternate(rel) || !slices.Contains(discoverTypes, linkMediaType(typ)) {
		return "", false
	}
	return href, true
}

// linkAttr returns the value of the attribute named key (the tokenizer
// lower-cases names and decodes entities in values).
func linkAttr(attrs []html.Attribute, key string) (string, bool) {
	for _, a := range attrs {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// hasRelAlternate reports whether a rel list holds "alternate".
func hasRelAlternate(rel string) bool {
	for _, r := range strings.Fields(rel) {
		if strings.EqualFold(r, "alternate") {
			return true
		}
	}
	return false
}

// linkMediaType returns the lower-cased type of a MIME type, without parameters.
func linkMediaType(typ string) string {
	if mt, _, err := mime.ParseMediaType(typ); err == nil {
		return mt
	}
	mt, _, _ := strings.Cut(typ, ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

// absoluteFeedURL resolves href against base and keeps it only when it is
// an http or https URL with a host; the fragment is dropped.
func absoluteFeedURL(base *url.URL, href string) (string, bool) {
	u, err := base.Parse(href)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String(), true
}
