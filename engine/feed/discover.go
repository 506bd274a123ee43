package feed

import (
	"bytes"
	"mime"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// discoverTypes are the media types of announced feeds tidings can read,
// in no order of preference (the page's order decides).
var discoverTypes = []string{
	"application/rss+xml",
	"application/atom+xml",
	"application/rdf+xml",
	"application/feed+json",
}

// The bounds of reading a web page for the feeds it announces. A page is
// HTML, not XML: it is read with an HTML tokenizer, and bounded the way
// HTML can grow — its bytes, its tokens, the size of one token and how
// many announcements are kept — never by nesting, which HTML's void and
// unclosed elements make meaningless.
const (
	// MaxAlternates is how many feeds Discover returns at most: each may
	// be fetched in turn while subscribing.
	MaxAlternates = 10
	// maxPageBytes is how much of a page Discover reads: announcements
	// belong in its <head>.
	maxPageBytes = 4 << 20
	// maxPageTokens is how many tokens of a page Discover reads.
	maxPageTokens = 1 << 20
	// maxTokenBytes is the longest single token (a tag with its
	// attributes, a comment, a run of text) the tokenizer buffers.
	maxTokenBytes = 1 << 20
	// maxCandidates is how many distinct hrefs Discover keeps before
	// resolving them: enough for MaxAlternates once duplicates and
	// addresses that do not resolve are dropped.
	maxCandidates = 8 * MaxAlternates
)

// Discover returns the feeds a web page announces with
// <link rel="alternate" type="…" href="…">, in page order, without
// duplicates, at most MaxAlternates of them. rel may be a space-separated
// list and is matched case-insensitively, as is type, whose parameters
// are ignored. hrefs are resolved against the page's first <base href>,
// itself resolved against base (the page's address; the zero URL when
// unknown); fragments are dropped, and only what weburl accepts is kept
// (JSON Feed's application/feed+json counts; plain application/json does
// not). Only the first maxPageBytes and maxPageTokens of the page are
// read. Discover returns nil when the page announces no feed.
func Discover(base weburl.URL, page []byte) []weburl.URL {
	hrefs, baseHref := scanFeedLinks(page)
	if baseHref != "" {
		if b, err := weburl.Resolve(base, baseHref); err == nil {
			base = b
		}
	}
	var feeds []weburl.URL
	seen := make(map[string]bool, len(hrefs))
	for _, href := range hrefs {
		u, ok := feedURL(base, href)
		if !ok || seen[u.String()] {
			continue
		}
		seen[u.String()] = true
		if feeds = append(feeds, u); len(feeds) == MaxAlternates {
			break
		}
	}
	return feeds
}

// scanFeedLinks returns, in page order, the first maxCandidates distinct
// hrefs of the <link> elements announcing a feed, and the href of the
// first <base> element that has one.
func scanFeedLinks(page []byte) (hrefs []string, baseHref string) {
	z := html.NewTokenizer(bytes.NewReader(page[:min(len(page), maxPageBytes)]))
	z.SetMaxBuf(maxTokenBytes)
	seen := make(map[string]bool)
	for range maxPageTokens {
		if len(hrefs) == maxCandidates && baseHref != "" {
			break
		}
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if !hasAttr {
			continue
		}
		switch string(name) {
		case "link":
			if len(hrefs) == maxCandidates {
				continue
			}
			if href, ok := feedLinkHref(tagAttrs(z)); ok && !seen[href] {
				seen[href] = true
				hrefs = append(hrefs, href)
			}
		case "base":
			if baseHref == "" {
				baseHref = strings.TrimSpace(tagAttrs(z).href)
			}
		}
	}
	return hrefs, baseHref
}

// linkAttrs are the attributes of a <link> or <base> Discover reads.
type linkAttrs struct{ rel, typ, href string }

// tagAttrs reads the current tag's rel, type and href (the first of each;
// the tokenizer lower-cases names and decodes entities in values).
func tagAttrs(z *html.Tokenizer) linkAttrs {
	var a linkAttrs
	var rel, typ, href bool
	for more := true; more; {
		var key, val []byte
		key, val, more = z.TagAttr()
		switch {
		case !rel && string(key) == "rel":
			a.rel, rel = string(val), true
		case !typ && string(key) == "type":
			a.typ, typ = string(val), true
		case !href && string(key) == "href":
			a.href, href = string(val), true
		}
	}
	return a
}

// feedLinkHref returns the trimmed href of a <link> announcing a feed
// tidings reads.
func feedLinkHref(a linkAttrs) (string, bool) {
	href := strings.TrimSpace(a.href)
	if href == "" || !hasRelAlternate(a.rel) || !slices.Contains(discoverTypes, linkMediaType(a.typ)) {
		return "", false
	}
	return href, true
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

// feedURL resolves href against base and keeps it only when weburl
// accepts the result; the fragment is dropped.
func feedURL(base weburl.URL, href string) (weburl.URL, bool) {
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	u, err := weburl.Resolve(base, href)
	return u, err == nil
}
