package sanitize

import (
	"encoding/base64"
	"net/url"
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// policy is the allow-list [HTML] applies. It is built once and only read
// afterwards, which bluemonday documents as safe for concurrent use.
var policy = newPolicy()

// Attribute value patterns of the policy.
var (
	// number is a width, height, span or start: digits, maybe a percentage.
	number = regexp.MustCompile(`^[0-9]{1,6}%?$`)
	// linkURL matches an href or cite value that has no scheme or one of
	// the schemes [HTML] allows on links; it keeps data: images, allowed
	// in img src only, off links and quotes. Leading white space (any that
	// strings.TrimSpace removes, as bluemonday does before parsing) is
	// skipped in full, then the scheme is read as net/url reads it.
	linkURL = regexp.MustCompile(`^[\s\v\x{85}\p{Z}]*(?:(?i:https?|mailto):|[^a-zA-Z\s\v\x{85}\p{Z}]|[a-zA-Z][a-zA-Z0-9+.\-]*(?:[^a-zA-Z0-9+.\-:]|$))`)
	// imageDataPrefix is the start of the data: URLs allowed in img src.
	imageDataPrefix = regexp.MustCompile(`^image/(?:png|gif|jpeg|webp);base64,`)
)

// newPolicy builds the allow-list. The fast path of [applyPolicy] mirrors
// some of its rules (fasttag.go: the elements whose content is skipped;
// fastattrs.go: the attributes of links and images, rel="nofollow"): a
// change here goes there too, and TestFastAttrTagEveryElement,
// TestPolicyFastMatchesPolicy and FuzzPolicyFast fail until it does.
//
// The allow-list: harmless structure, links, images and
// tables; no script, event handlers, style, frames, objects, forms or
// foreign (SVG, MathML) elements, though their text stays; URLs only http, https, mailto, relative,
// and base64 raster images in img src.
func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	allowStructure(p)
	allowLinks(p)
	allowImages(p)
	allowTables(p)
	// Removed elements keep their text; only inert templates lose theirs
	// (script and style content always goes). frame is void: skipping its
	// "content" would swallow the rest.
	p.SkipElementsContent("template")
	p.AllowElementsContent("frame", "object", "applet", "title")
	return p
}

// allowStructure allows the text-level and block elements that carry no URL.
func allowStructure(p *bluemonday.Policy) {
	p.AllowElements(structureElements()...)
	p.AllowAttrs("title").OnElements("abbr")
	p.AllowAttrs("start").Matching(number).OnElements("ol")
}

// allowLinks allows a (href, title) and the cite of quotes, with http,
// https, mailto and relative URLs; links get rel="nofollow".
func allowLinks(p *bluemonday.Policy) {
	p.AllowStandardURLs()
	p.AllowAttrs("href").Matching(linkURL).OnElements("a")
	p.AllowAttrs("title").OnElements("a")
	p.AllowAttrs("cite").Matching(linkURL).OnElements("blockquote", "q")
}

// allowImages allows img with src, alt, title, width and height; src may
// also be a data: URL of a base64 PNG, GIF, JPEG or WebP image.
func allowImages(p *bluemonday.Policy) {
	p.AllowAttrs("src", "alt", "title").OnElements("img")
	p.AllowAttrs("width", "height").Matching(number).OnElements("img")
	p.AllowURLSchemeWithCustomPolicy("data", isImageData)
}

// allowTables allows tables with spanning cells.
func allowTables(p *bluemonday.Policy) {
	p.AllowElements(tableElements()...)
	p.AllowAttrs("colspan", "rowspan").Matching(number).OnElements("td", "th")
}

// structureElements are the text-level and block elements of
// [allowStructure].
func structureElements() []string {
	return []string{
		"p", "br", "hr", "div", "span", "h1", "h2", "h3", "h4", "h5", "h6",
		"ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "code",
		"em", "strong", "b", "i", "u", "s", "sub", "sup", "abbr", "cite",
		"del", "ins", "kbd", "mark", "q", "samp", "small", "var",
		"figure", "figcaption",
	}
}

// tableElements are the elements of [allowTables].
func tableElements() []string {
	return []string{"table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th"}
}

// allowedElements are all the elements the policy keeps: those of
// structure and tables, links and images.
func allowedElements() []string {
	return append(append(structureElements(), tableElements()...), "a", "img")
}

// isImageData reports whether u, a data: URL, holds a base64 PNG, GIF,
// JPEG or WebP image. SVG is refused: it is a document, not a picture.
func isImageData(u *url.URL) bool {
	if u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	prefix := imageDataPrefix.FindString(u.Opaque)
	if prefix == "" {
		return false
	}
	_, err := base64.StdEncoding.DecodeString(u.Opaque[len(prefix):])
	return err == nil
}
