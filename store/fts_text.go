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
// style, and character references are decoded. Runs of Chinese, Japanese,
// Korean, Thai … become their bigrams (ngramText), so that a search finds
// a word inside them. It is the SQL function html_text of
// every connection (see openDB) and must stay deterministic: insertItem
// indexes a new item's text by calling it in Go, and the index forgets an
// item by tokenizing its stored content again, through the view
// items_fts_text, so both must give the same text.
//
// Stored content is sanitized HTML, so a plain scan is enough; on any
// other input it still returns some text, never an error. Separators need
// not be collapsed: the tokenizer skips runs of them.
//
// It is indexTextFast, or without fastPaths indexTextRef, which give the
// same text for every input.
func indexText(content string) string {
	if fastPaths {
		return indexTextFast(content)
	}
	return indexTextRef(content)
}

// indexTextFast is indexText in one scan that finds a tag's name and
// whether it separates words without copying it, and decodes references
// once at the end.
func indexTextFast(content string) string {
	if strings.IndexByte(content, '<') < 0 && strings.IndexByte(content, '&') < 0 {
		return ngramTextFast(content)
	}
	var b strings.Builder // one allocation: String does not copy
	b.Grow(len(content))
	for i := 0; i < len(content); {
		run := strings.IndexByte(content[i:], '<')
		if run < 0 {
			b.WriteString(content[i:])
			break
		}
		b.WriteString(content[i : i+run])
		i += run
		end, block, skip := scanTag(content, i)
		if end < 0 { // a lone '<' is text
			b.WriteByte('<')
			i++
			continue
		}
		if block {
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
	// Only text holds an '&' here (tags are gone), and UnescapeString
	// returns text without one as it is.
	return ngramTextFast(html.UnescapeString(b.String()))
}

// scanTag reads the markup that starts at s[i] == '<': it returns the
// index just past it and whether it is a tag of a block element (one that
// separates words: a start or end tag whose name is not inline), or end
// -1 when s[i] starts no markup. skip is the end tag ("</script") whose
// raw text follows.
func scanTag(s string, i int) (end int, block bool, skip string) {
	j := i + 1
	if j >= len(s) {
		return -1, false, ""
	}
	switch c := s[j]; {
	case c == '!' && strings.HasPrefix(s[j:], "!--"):
		if k := strings.Index(s[j+3:], "-->"); k >= 0 {
			return j + 3 + k + 3, false, ""
		}
		return len(s), false, ""
	case c == '!' || c == '?':
		return sanitize.TagEnd(s, j), false, ""
	case c == '/':
		j++
	case !isASCIILetter(c):
		return -1, false, ""
	}
	start, upper := j, false
	for ; j < len(s); j++ {
		c := s[j]
		if c >= 'A' && c <= 'Z' {
			upper = true
		} else if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			break
		}
	}
	if j == start { // an end tag without a name
		return sanitize.TagEnd(s, j), false, ""
	}
	name := s[start:j]
	if upper { // rare: sanitized HTML has lower-case names
		name = strings.ToLower(name)
	}
	end = sanitize.TagEnd(s, j)
	if s[i+1] != '/' {
		switch name {
		case "script":
			skip = "</script"
		case "style":
			skip = "</style"
		}
	}
	return end, !sanitize.IsInline(name), skip
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
// item's words through (see the view items_fts_text); TitleText is
// title_text, which it reads the title through. A program that opens the
// database with its own SQLite connection registers both under those
// names to check the index (PRAGMA integrity_check) or to delete or change
// items; reading needs nothing. Such a program that inserts items adds
// them to the index itself: INSERT INTO items_fts(docid, body)
// VALUES (id, title_text(title) || ' ' || html_text(content)).
func HTMLText(content string) string { return indexText(content) }

// TitleText is title_text: see HTMLText.
func TitleText(title string) string { return indexTitle(title) }

// indexBody is the text the full-text index holds for a new item (one
// without an article), as the view items_fts_text gives it: its title's
// text, then its content's.
func indexBody(title, content string) string { return indexTitle(title) + " " + indexText(content) }

// indexTitle is the text of an item's title that the full-text index
// tokenizes: the title, plain text, with runs of unsegmented scripts
// made bigrams like the content's (ngramText).
func indexTitle(title string) string { return ngramText(title) }
