package sanitize

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// This file ports the corpus' tools/hostile_tokens.py to Go: liveTokens
// lists the dangerous constructs of an HTML fragment that a browser would
// act on. Text escaped as "&lt;script&gt;" and ordinary comments are inert;
// IE conditional comments count as live, like the script.
//
// The tokenizer is told that no element but script and style holds raw
// text, as Python's html.parser does, so "<title><script>" is live here
// too: this errs towards finding more, never fewer, live tokens.

// dangerTags are the elements whose mere presence is live.
var dangerTags = map[string]bool{
	"script": true, "iframe": true, "frame": true, "frameset": true,
	"object": true, "embed": true, "applet": true, "meta": true,
	"link": true, "style": true, "base": true, "bgsound": true, "xml": true,
}

// dangerSchemes are the URL schemes live in any attribute value.
var dangerSchemes = []string{"javascript:", "vbscript:", "data:text/html"}

// cssBad are the constructs live in a style attribute or element.
var cssBad = []string{"expression(", "-moz-binding", "behavior:", "@import", "javascript:", "vbscript:"}

var (
	// eventAttr is an event-handler attribute name.
	eventAttr = regexp.MustCompile(`^on[a-z]+$`)
	// ctrlSpace is what hostile_tokens.py removes before matching schemes.
	ctrlSpace = regexp.MustCompile(`[\x00-\x20\x7f]+`)
	// cssComment, cssHexEscape and cssEscape undo CSS obfuscation.
	cssComment   = regexp.MustCompile(`(?s)/\*.*?\*/`)
	cssHexEscape = regexp.MustCompile(`\\([0-9a-fA-F]{1,6})\s?`)
	cssEscape    = regexp.MustCompile(`\\(.)`)
	// ieOpen and ieClose frame the body of an IE conditional comment.
	ieOpen  = regexp.MustCompile(`(?i)^\s*\[if[^\]]*\]>`)
	ieClose = regexp.MustCompile(`(?i)<!\[endif\]\s*$`)
)

// liveTokens returns the set of live dangerous constructs of fragment.
func liveTokens(fragment string) map[string]bool {
	found := map[string]bool{}
	z := html.NewTokenizer(strings.NewReader(fragment))
	inStyle := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return found
		case html.StartTagToken, html.SelfClosingTagToken:
			inStyle = startTag(z, found)
		case html.EndTagToken:
			inStyle = false
		case html.TextToken:
			if inStyle {
				addCSS(found, string(z.Text()))
			}
		case html.CommentToken:
			comment(z, found)
		}
	}
}

// startTag records the live tokens of the tag z just read and reports
// whether it opens a style element.
func startTag(z *html.Tokenizer, found map[string]bool) bool {
	name, more := z.TagName()
	tag := string(name)
	if dangerTags[tag] {
		found["<"+tag] = true
	}
	for more {
		var key, val []byte
		key, val, more = z.TagAttr()
		attribute(string(key), string(val), found)
	}
	if tag != "script" && tag != "style" {
		z.NextIsNotRawText()
	}
	return tag == "style"
}

// attribute records the live tokens of one attribute.
func attribute(key, val string, found map[string]bool) {
	if eventAttr.MatchString(key) {
		found[key] = true
	}
	norm := strings.ToLower(ctrlSpace.ReplaceAllString(val, ""))
	for _, s := range dangerSchemes {
		if strings.Contains(norm, s) {
			found[s] = true
		}
	}
	if key == "style" {
		addCSS(found, val)
	}
}

// addCSS records the dangerous constructs of a style sheet or declaration.
func addCSS(found map[string]bool, css string) {
	norm := normCSS(css)
	for _, b := range cssBad {
		if strings.Contains(norm, b) {
			found[b] = true
		}
	}
}

// normCSS removes comments, escapes, white space and controls, lower-cased.
func normCSS(css string) string {
	css = cssComment.ReplaceAllString(css, "")
	css = cssHexEscape.ReplaceAllStringFunc(css, func(m string) string {
		hex := cssHexEscape.FindStringSubmatch(m)[1]
		n, _ := strconv.ParseUint(hex, 16, 32)
		if n >= 0x110000 {
			return ""
		}
		return string(rune(n))
	})
	css = cssEscape.ReplaceAllString(css, "$1")
	return strings.ToLower(ctrlSpace.ReplaceAllString(css, ""))
}

// comment records what the comment z just read holds live: an IE
// conditional comment's body; a processing instruction other than <?xml
// (the tokenizer reads "<?import …>" as a bogus comment "?import …"); or,
// for a comment never closed, what follows its "<!--", which Python reads
// as markup where HTML5 reads a comment to the end.
func comment(z *html.Tokenizer, found map[string]bool) {
	raw := string(z.Raw())
	if rest, ok := strings.CutPrefix(raw, "<!--"); ok && !strings.HasSuffix(raw, "-->") && !strings.HasSuffix(raw, "--!>") {
		for tok := range liveTokens(rest) {
			found[tok] = true
		}
		return
	}
	data := string(z.Text())
	if rest, ok := strings.CutPrefix(data, "?"); ok {
		processingInstruction(rest, found)
		return
	}
	if strings.HasPrefix(strings.ToLower(strings.TrimLeft(data, " \t\n\r\f")), "[if") {
		inner := ieClose.ReplaceAllString(ieOpen.ReplaceAllString(data, ""), "")
		for tok := range liveTokens(inner) {
			found[tok] = true
		}
	}
}

// processingInstruction records "<?word" for a PI whose target is not xml.
func processingInstruction(data string, found map[string]bool) {
	fields := strings.Fields(strings.TrimLeft(data, "?"))
	if len(fields) == 0 {
		return
	}
	if word := strings.ToLower(fields[0]); word != "xml" {
		found["<?"+word] = true
	}
}

// hasMarkup reports whether s holds anything an HTML tokenizer reads as
// other than text: a tag, comment, doctype or character reference.
func hasMarkup(s string) bool {
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return false
		case html.TextToken:
			if string(z.Text()) != string(z.Raw()) {
				return true
			}
		default:
			return true
		}
	}
}

// TestLiveTokens checks the Go port of hostile_tokens.py against fragments
// whose verdict that script gives.
func TestLiveTokens(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"plain text", "hello", nil},
		{"escaped script is text", "&lt;script&gt;alert(1)&lt;/script&gt;", nil},
		{"script", "<SCRIPT>alert(1)</SCRIPT>", []string{"<script"}},
		{"event handler", `<img src=x OnError="alert(1)">`, []string{"onerror"}},
		{"javascript href with entity and tab", `<a href="jav&#x09;ascript:alert(1)">x</a>`, []string{"javascript:"}},
		{"data html", `<a href="data:text/html;base64,xx">x</a>`, []string{"data:text/html"}},
		{"style expression with comment", `<p style="width: expr/**/ession(alert(1))">x</p>`, []string{"expression("}},
		{"style element import", `<style>@im\port 'x.css';</style>`, []string{"<style", "@import"}},
		{"css hex escape", `<p style="background:url(\6a avascript:alert(1))">x</p>`, []string{"javascript:"}},
		{"ordinary comment", "<!-- <script>alert(1)</script> -->", nil},
		{"IE conditional comment", "<!--[if gte IE 4]><script>alert(1)</script><![endif]-->", []string{"<script"}},
		{"unclosed comment, as Python reads it", "a<!-- -- b >c<script>x</script>", []string{"<script"}},
		{"processing instruction", `<?import namespace="x" implementation="y.htc">`, []string{"<?import"}},
		{"xml declaration", `<?xml version="1.0"?>`, nil},
		{"script inside title is live for Python", "<title><script>x</script></title>", []string{"<script"}},
		{"meta base link", `<meta http-equiv=refresh><base href=x><link rel=x>`, []string{"<base", "<link", "<meta"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for tok := range liveTokens(tt.in) {
				got = append(got, tok)
			}
			sort.Strings(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("liveTokens(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestHasMarkup checks the helper that judges text fields.
func TestHasMarkup(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Tom & Jerry", false},
		{"1 < 2", false},
		{"AT&T", false},
		{"a <b>bold</b>", true},
		{"&amp;", true},
		{"<!-- x -->", true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := hasMarkup(tt.in); got != tt.want {
				t.Errorf("hasMarkup(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}
