package store

import (
	"html"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
)

// indexTextRef is a plain, slow indexText, kept as the reference the
// differential test and fuzz target compare indexTextFast with, and what
// indexText runs without fastPaths: the index forgets items indexed by
// either, so their output must not differ for any input.
func indexTextRef(content string) string {
	if strings.IndexByte(content, '<') < 0 && strings.IndexByte(content, '&') < 0 {
		return ngramTextRef(content)
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
		end, name, skip := scanTagRef(content, i)
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
			if j := indexFoldRef(content[i:], skip); j >= 0 {
				i += j
			} else {
				i = len(content)
			}
		}
	}
	if entities {
		return ngramTextRef(html.UnescapeString(b.String()))
	}
	return ngramTextRef(b.String())
}

// scanTagRef reads the markup that starts at s[i] == '<': it returns the
// index just past it and the lower-cased tag name ("" for a comment, a
// declaration or an end tag's absent name), or end -1 when s[i] starts
// no markup. skip is the end tag ("</script") whose raw text follows.
func scanTagRef(s string, i int) (end int, name, skip string) {
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

// indexFoldRef is the index of the ASCII string sub in s ignoring case,
// -1 when absent.
func indexFoldRef(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
