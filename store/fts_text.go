package store

import (
	"html"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
)

// indexText is the text of an item's stored HTML content that the
// full-text index tokenizes: the words a reader sees, not tag names,
// attribute values or URLs. Tags are dropped (a block element separates
// words, an inline one does not, so "un<b>believ</b>able" stays one
// word), so are comments, declarations and the content of script and
// style, and character references are decoded. It is the SQL function html_text of
// every connection (see openDB) and must stay deterministic: insertItem
// indexes a new item's text by calling it in Go, and the index forgets an
// item by tokenizing its stored content again, through the view
// items_fts_text, so both must give the same text.
//
// Stored content is sanitized HTML, so a plain scan is enough; on any
// other input it still returns some text, never an error. Separators need
// not be collapsed: the tokenizer skips runs of them.
func indexText(content string) string {
	if strings.IndexByte(content, '<') < 0 && strings.IndexByte(content, '&') < 0 {
		return content
	}
	var b strings.Builder // one allocation: String does not copy
	b.Grow(len(content))
	entities := false
	for i := 0; i < len(content); {
		run := strings.IndexByte(content[i:], '<')
		if run < 0 {
			run = len(content) - i
		}
		if run > 0 {
			text := content[i : i+run]
			entities = entities || strings.IndexByte(text, '&') >= 0
			b.WriteString(text)
			i += run
			continue
		}
		end, name, skip := scanTag(content, i)
		if end < 0 { // a lone '<' is text
			b.WriteByte('<')
			i++
			continue
		}
		if name != "" && !sanitize.IsInline(name) {
			b.WriteByte(' ')
		}
		i = end
		if skip != "" { // raw text (script, style) up to its end tag
			if j := indexFold(content[i:], skip); j >= 0 {
				i += j
			} else {
				i = len(content)
			}
		}
	}
	if entities {
		return html.UnescapeString(b.String())
	}
	return b.String()
}

// scanTag reads the markup that starts at s[i] == '<': it returns the
// index just past it and the lower-cased tag name ("" for a comment, a
// declaration or an end tag's absent name), or end -1 when s[i] starts
// no markup. skip is the end tag ("</script") whose raw text follows.
func scanTag(s string, i int) (end int, name, skip string) {
	j := i + 1
	if j >= len(s) {
		return -1, "", ""
	}
	switch c := s[j]; {
	case c == '!' && strings.HasPrefix(s[j:], "!--"):
		if k := strings.Index(s[j+3:], "-->"); k >= 0 {
			return j + 3 + k + 3, "", ""
		}
		return len(s), "", ""
	case c == '!' || c == '?':
		return sanitize.TagEnd(s, j), "", ""
	case c == '/':
		j++
	case !isASCIILetter(c):
		return -1, "", ""
	}
	start := j
	for j < len(s) && (isASCIILetter(s[j]) || s[j] >= '0' && s[j] <= '9') {
		j++
	}
	name = strings.ToLower(s[start:j])
	end = sanitize.TagEnd(s, j)
	if s[i+1] != '/' && (name == "script" || name == "style") {
		skip = "</" + name
	}
	return end, name, skip
}

// indexFold is the index of the ASCII string sub in s ignoring case, -1
// when absent.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// HTMLText is html_text, the SQL function the full-text index reads an
// item's words through (see the view items_fts_text). A program that opens
// the database with its own SQLite connection registers it under that
// name to check the index (PRAGMA integrity_check) or to delete or change
// items; reading needs nothing. Such a program that inserts items adds
// them to the index itself: INSERT INTO items_fts(docid, title, content)
// VALUES (id, title, html_text(content)).
func HTMLText(content string) string { return indexText(content) }
