package article

import (
	"bytes"
	"errors"
	"fmt"
	"mime"
	"strings"

	"golang.org/x/net/html"
)

// ErrNotAPage is wrapped by the error of a body that is not a web page: a
// feed, an image, JSON.
var ErrNotAPage = errors.New("not a web page")

// pageTypes are the media types read as a web page; a body without a
// Content-Type is sniffed.
var pageTypes = map[string]bool{"text/html": true, "application/xhtml+xml": true, "": true}

// xmlTypes may carry XHTML or a feed: the first element tells.
var xmlTypes = map[string]bool{"application/xml": true, "text/xml": true}

// feedRoots are the first elements of a feed (RSS, RDF, Atom).
var feedRoots = map[string]bool{"rss": true, "rdf:rdf": true, "feed": true, "channel": true, "redirect": true}

// checkKind refuses a body that is not a web page: one whose Content-Type
// is neither HTML nor XML, or whose first element is a feed's root
// (a server that answers a page's address with its feed).
func checkKind(page []byte, contentType string) error {
	media := ""
	if contentType != "" {
		m, _, err := mime.ParseMediaType(contentType)
		if err != nil {
			m, _, _ = strings.Cut(contentType, ";")
		}
		media = strings.ToLower(strings.TrimSpace(m))
	}
	if !pageTypes[media] && !xmlTypes[media] {
		return fmt.Errorf("%w: %s", ErrNotAPage, media)
	}
	if root := firstElement(page); feedRoots[root] {
		return fmt.Errorf("%w: a feed (<%s>), not an article", ErrNotAPage, root)
	}
	return nil
}

// firstElement is the lower-case name of the page's first start tag, ""
// when it has none in its first 64 KiB.
func firstElement(page []byte) string {
	z := html.NewTokenizer(bytes.NewReader(page[:min(len(page), 64<<10)]))
	z.SetMaxBuf(64 << 10)
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName() // lower-cased by the tokenizer
			return string(name)
		}
	}
}
