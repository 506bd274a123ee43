package sanitize

import "strings"

// tagTable is what [policyFast] knows of the policy's elements. It is
// built once, from the policy itself, and only read afterwards.
var tagTable = newTagTable()

// tagSet holds the names of the elements the policy allows and, for each
// of their tags without attributes ("<p>", "</p>", "<br/>"), the policy's
// output for it alone, when that is not empty.
type tagSet struct {
	names map[string]bool
	out   map[string]string
}

// newTagTable runs the policy on the start, end and self-closing tag of
// every element of [allowedElements].
func newTagTable() tagSet {
	t := tagSet{names: make(map[string]bool), out: make(map[string]string)}
	for _, name := range allowedElements() {
		t.names[name] = true
		for _, tag := range []string{"<" + name + ">", "</" + name + ">", "<" + name + "/>"} {
			if out := policySanitize(tag); out != "" {
				t.out[tag] = out
			}
		}
	}
	return t
}

// isAllowedName reports whether name is one of [allowedElements]; only
// their tags are simple.
func isAllowedName(name string) bool { return tagTable.names[name] }

// simpleTag returns the length of the tag that starts s (at its '<') and
// whether it has attributes, when it is a simple tag; 0 otherwise. A
// simple tag is "</name>" or "<name attributes>" or "<name attributes/>"
// with name one of [allowedElements] in lower case, each attribute one
// or more spaces, tabs or newlines then a name of ASCII letters, digits,
// '-', '_', ':' and '.' (starting with a letter), then, optionally, '='
// right after it and a value in double or single quotes, and maybe white
// space before the end. The HTML
// tokenizer reads each as one tag ending at its '>'; none of the
// elements is one whose content it reads as raw text.
func simpleTag(s string) (int, bool) {
	if len(s) > 2 && s[1] == '/' {
		n := nameLen(s[2:])
		if n == 0 || 2+n >= len(s) || s[2+n] != '>' || !isAllowedName(s[2:2+n]) {
			return 0, false
		}
		return 2 + n + 1, false
	}
	n := nameLen(s[1:])
	if n == 0 || !isAllowedName(s[1:1+n]) {
		return 0, false
	}
	i := 1 + n
	attrs := false
	for i < len(s) {
		ws := spaceLen(s[i:])
		i += ws
		switch {
		case i == len(s):
			return 0, false
		case s[i] == '>':
			return i + 1, attrs
		case s[i] == '/':
			if i+1 < len(s) && s[i+1] == '>' {
				return i + 2, attrs
			}
			return 0, false
		}
		k := attrLen(s[i:])
		if ws == 0 || k == 0 {
			return 0, false
		}
		i += k
		attrs = true
	}
	return 0, false
}

// nameLen returns the length of the lower-case ASCII element name
// (letters, then letters or digits) that starts s.
func nameLen(s string) int {
	i := 0
	for i < len(s) && ('a' <= s[i] && s[i] <= 'z' || i > 0 && '0' <= s[i] && s[i] <= '9') {
		i++
	}
	return i
}

// spaceLen returns the length of the run of spaces, tabs and newlines
// that starts s.
func spaceLen(s string) int {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	return i
}

// attrLen returns the length of the attribute of a simple tag (see
// [simpleTag]) that starts s, after its white space; 0 when there is
// none.
func attrLen(s string) int {
	if s == "" || !isLetter(s[0]) {
		return 0
	}
	i := 1
	for i < len(s) && isAttrNameByte(s[i]) {
		i++
	}
	if i == len(s) || s[i] != '=' {
		return i
	}
	i++
	if i == len(s) || s[i] != '"' && s[i] != '\'' {
		return 0
	}
	end := strings.IndexByte(s[i+1:], s[i])
	if end < 0 {
		return 0
	}
	return i + 1 + end + 1
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isAttrNameByte reports whether c may be part of an attribute name of a
// simple tag.
func isAttrNameByte(c byte) bool {
	return isLetter(c) || '0' <= c && c <= '9' || c == '-' || c == '_' || c == ':' || c == '.'
}
