package article

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strings"

	readability "codeberg.org/readeck/go-readability/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/tidings-rss/tidings/engine/feed"
	"github.com/tidings-rss/tidings/sanitize"
)

// ErrNoArticle is wrapped by the error of a page in which readability
// found no article, or one with no words once sanitized.
var ErrNoArticle = errors.New("no article found on the page")

// Article is what Extract found on a page, ready to be stored.
type Article struct {
	// HTML is the article, sanitized as feed content is (sanitize.HTML),
	// its links and images absolute.
	HTML string
	// Title and Byline are the page's, as plain text (sanitize.Text).
	Title, Byline string
	// Words counts the words of HTML (Words).
	Words int
}

// Extract finds the article of a web page. body is the page as the server
// sent it (decompressed, within the body cap), contentType its HTTP
// Content-Type and pageURL the address it came from after redirects,
// which relative links and images are resolved against (the page's
// <base>, when it has one, first). A page that is not HTML, is past the
// bounds (limits.go) or holds no article is an error of one line.
func Extract(body []byte, contentType, pageURL string) (_ Article, err error) {
	page := feed.DecodePage(body, contentType)
	if err := checkKind(page, contentType); err != nil {
		return Article{}, err
	}
	if err := checkLimits(page); err != nil {
		return Article{}, err
	}
	pu, err := url.Parse(pageURL)
	if err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		return Article{}, fmt.Errorf("extract: page address %q is not http(s)", pageURL)
	}
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return Article{}, fmt.Errorf("extract: parse the page: %w", err)
	}
	page = nil
	if d := treeDepth(doc); d > MaxDepth+4 { // html, head or body, and the document node
		return Article{}, fmt.Errorf("%w: nested %d elements deep, at most %d", ErrTooLarge, d, MaxDepth)
	}
	base := pageBase(doc, pu)
	defer func() { // readability is a large port; a page that trips it is one failure, not a crash
		if r := recover(); r != nil {
			err = fmt.Errorf("extract: readability failed: %v", r)
		}
	}()
	p := readability.NewParser()
	p.MaxElemsToParse = MaxElements
	found, err := p.ParseAndMutate(doc, base)
	if err != nil {
		return Article{}, fmt.Errorf("extract: %w", err)
	}
	if found.Node == nil {
		return Article{}, ErrNoArticle
	}
	absolutize(found.Node, base)
	var b strings.Builder
	if err := html.Render(&b, found.Node); err != nil {
		return Article{}, fmt.Errorf("extract: render the article: %w", err)
	}
	out := Article{HTML: sanitize.HTML(b.String()), Title: sanitize.Text(found.Title()), Byline: sanitize.Text(found.Byline())}
	if out.Words = Words(out.HTML); out.Words == 0 {
		return Article{}, ErrNoArticle
	}
	return out, nil
}

// pageBase is the address the page's references are relative to: its
// first <base href>, resolved against the page's own address, when that
// is http(s); else the page's address.
func pageBase(doc *html.Node, page *url.URL) *url.URL {
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.DataAtom != atom.Base {
			continue
		}
		for _, a := range n.Attr {
			if a.Namespace != "" || a.Key != "href" {
				continue
			}
			b, err := page.Parse(strings.TrimSpace(a.Val))
			if err == nil && (b.Scheme == "http" || b.Scheme == "https") && b.Host != "" {
				return b
			}
			return page
		}
	}
	return page
}

// linkAttrs are the attributes holding one address that the policy may
// keep.
var linkAttrs = map[string]bool{"href": true, "src": true, "cite": true, "poster": true}

// absolutize makes every address in the article absolute against base;
// one that does not resolve to http(s) is removed (a fragment stays as it
// is). srcset is dropped: the policy keeps one src.
func absolutize(root *html.Node, base *url.URL) {
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		attrs := n.Attr[:0]
		for _, a := range n.Attr {
			switch {
			case a.Key == "srcset":
				continue
			case linkAttrs[a.Key]:
				v, ok := resolve(base, a.Val)
				if !ok {
					continue
				}
				a.Val = v
			}
			attrs = append(attrs, a)
		}
		n.Attr = attrs
	}
}

// resolve is ref made absolute against base, when it is http(s) or a
// fragment of the page.
func resolve(base *url.URL, ref string) (string, bool) {
	ref = strings.TrimSpace(ref)
	if strings.HasPrefix(ref, "#") {
		return ref, true
	}
	u, err := base.Parse(ref)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	return u.String(), true
}
