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
	// maxTitleBytes is how much of an announced feed's title is kept.
	maxTitleBytes = 200
)

// Announced is a feed a web page announces: its address, its media type
// ("application/atom+xml") and the title the page gives it ("" when
// none), as the page says them — the title is the page's text, to be
// cleaned before it is shown.
type Announced struct {
	URL   weburl.URL
	Type  string
	Title string
}

// Discover returns the addresses of the feeds a web page announces, as
// Announcements does.
func Discover(base weburl.URL, page []byte) []weburl.URL {
	var out []weburl.URL
	for _, a := range Announcements(base, page) {
		out = append(out, a.URL)
	}
	return out
}

// Announcements returns the feeds a web page announces with
// <link rel="alternate" type="…" href="…" title="…">, in page order,
// without duplicates, at most MaxAlternates of them. rel may be a
// space-separated list and is matched case-insensitively, as is type,
// whose parameters are ignored. hrefs are resolved against the page's
// first <base href>, itself resolved against base (the page's address;
// the zero URL when unknown); fragments are dropped, and only what weburl
// accepts is kept (JSON Feed's application/feed+json counts; plain
// application/json does not). Only the first maxPageBytes and
// maxPageTokens of the page are read. It returns nil when the page
// announces no feed.
func Announcements(base weburl.URL, page []byte) []Announced {
	links, baseHref := scanFeedLinks(page)
	if baseHref != "" {
		if b, err := weburl.Resolve(base, baseHref); err == nil {
			base = b
		}
	}
	var feeds []Announced
	seen := make(map[string]bool, len(links))
	for _, l := range links {
		u, ok := feedURL(base, l.href)
		if !ok || seen[u.String()] {
			continue
		}
		seen[u.String()] = true
		if feeds = append(feeds, Announced{URL: u, Type: linkMediaType(l.typ), Title: clipTitle(l.title)}); len(feeds) == MaxAlternates {
			break
		}
	}
	return feeds
}

// clipTitle trims an announced title and keeps at most maxTitleBytes of
// it, cut at a rune boundary.
func clipTitle(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxTitleBytes {
		s = strings.ToValidUTF8(s[:maxTitleBytes], "")
	}
	return s
}

// scanFeedLinks returns, in page order, the first maxCandidates <link>
// elements announcing a feed with distinct hrefs (trimmed), and the href
// of the first <base> element that has one.
func scanFeedLinks(page []byte) (links []linkAttrs, baseHref string) {
	z := html.NewTokenizer(bytes.NewReader(page[:min(len(page), maxPageBytes)]))
	z.SetMaxBuf(maxTokenBytes)
	seen := make(map[string]bool)
	for range maxPageTokens {
		if len(links) == maxCandidates && baseHref != "" {
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
			if len(links) == maxCandidates {
				continue
			}
			a := tagAttrs(z)
			if href, ok := feedLinkHref(a); ok && !seen[href] {
				seen[href] = true
				a.href = href
				links = append(links, a)
			}
		case "base":
			if baseHref == "" {
				baseHref = strings.TrimSpace(tagAttrs(z).href)
			}
		}
	}
	return links, baseHref
}

// linkAttrs are the attributes of a <link> or <base> Discover reads.
type linkAttrs struct{ rel, typ, href, title string }

// tagAttrs reads the current tag's rel, type, href and title (the first of each;
// the tokenizer lower-cases names and decodes entities in values).
func tagAttrs(z *html.Tokenizer) linkAttrs {
	var a linkAttrs
	var rel, typ, href, title bool
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
		case !title && string(key) == "title":
			a.title, title = string(val), true
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
