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

// isAllowedName reports whether name is one of [allowedElements].
func isAllowedName(name string) bool { return tagTable.names[name] }

// isRemovedName reports whether the policy removes the tags of element
// name, not one of [allowedElements], and nothing else: no content skipped
// and none the tokenizer reads as raw text. Those that do either are left
// to the policy (script and style aside, see [simpleTag]), as are frame,
// object and applet, whose content the policy keeps by a rule of its own.
func isRemovedName(name string) bool {
	switch name {
	case "frame", "frameset", "iframe", "noembed", "noframes", "noscript", "nostyle",
		"object", "applet", "script", "style", "title", "template", "plaintext", "textarea", "xmp":
		return false
	}
	return !isAllowedName(name)
}

// tagKind is what [policyFast] makes of a simple tag.
type tagKind uint8

// The kinds of simple tag.
const (
	tagNone  tagKind = iota // not a simple tag: left to the policy
	tagBare                 // a tag without attributes of an allowed element
	tagAttrs                // a start tag with attributes of an allowed element
	tagGone                 // something the policy writes nothing for
)

// simpleTag returns the length and kind of the simple tag that starts s
// (at its '<'); 0 and tagNone when none does. A simple tag is
//
//   - "</name>", or "<name attributes>" or "<name attributes/>", with
//     name in lower case (ASCII letters, then letters, digits, '-', '_',
//     ':' or '.'), each attribute one or more spaces, tabs or newlines
//     then a name of the same bytes but starting with a letter of either
//     case, then, optionally, '=' right after it and a value in double or
//     single quotes, and maybe white space before the end: tagBare or
//     tagAttrs for an element the policy allows, tagGone for one it
//     removes with no more ado ([isRemovedName]);
//   - a whole script or style element, "<script attributes>" with no '<'
//     before its "</script>" (the policy writes none of it): tagGone;
//   - a comment whose end the tokenizer and a search for "-->" agree on
//     ([commentLen]): tagGone.
//
// The HTML tokenizer reads each as one token (a script or style element
// as three) ending where simpleTag says.
func simpleTag(s string) (int, tagKind, string) {
	if strings.HasPrefix(s, "<!--") {
		if n := commentLen(s); n > 0 {
			return n, tagGone, ""
		}
		return 0, tagNone, ""
	}
	if len(s) > 2 && s[1] == '/' {
		return endTag(s)
	}
	n := nameLen(s[1:])
	if n == 0 {
		return 0, tagNone, ""
	}
	name := s[1 : 1+n]
	end, attrs, self := tagAttrsEnd(s, 1+n)
	if end == 0 {
		return 0, tagNone, ""
	}
	if !attrs {
		if out, ok := tagTable.out[s[:end]]; ok {
			return end, tagBare, out
		}
	}
	switch allowed := isAllowedName(name); {
	case allowed && attrs:
		return end, tagAttrs, ""
	case allowed:
		return 0, tagNone, "" // "<p >", or an element the policy drops bare
	case (name == "script" || name == "style") && !self:
		return rawElementEnd(s, end, name)
	case isRemovedName(name):
		return end, tagGone, ""
	}
	return 0, tagNone, ""
}

// endTag returns the length, kind and, when bare, output of the end tag
// "</name>" that starts s, or 0 and tagNone.
func endTag(s string) (int, tagKind, string) {
	n := nameLen(s[2:])
	if n == 0 || 2+n >= len(s) || s[2+n] != '>' {
		return 0, tagNone, ""
	}
	if out, ok := tagTable.out[s[:2+n+1]]; ok {
		return 2 + n + 1, tagBare, out
	}
	if isRemovedName(s[2 : 2+n]) {
		return 2 + n + 1, tagGone, ""
	}
	return 0, tagNone, ""
}

// tagAttrsEnd reads the attributes of the start tag s from i, just past
// its name, and returns the tag's length, whether it has attributes and
// whether it ends "/>"; 0 for the length when they are not those of a
// simple tag.
func tagAttrsEnd(s string, i int) (int, bool, bool) {
	attrs := false
	for i < len(s) {
		ws := spaceLen(s[i:])
		i += ws
		switch {
		case i == len(s):
			return 0, false, false
		case s[i] == '>':
			return i + 1, attrs, false
		case s[i] == '/':
			if i+1 < len(s) && s[i+1] == '>' {
				return i + 2, attrs, true
			}
			return 0, false, false
		}
		k := attrLen(s[i:])
		if ws == 0 || k == 0 {
			return 0, false, false
		}
		i += k
		attrs = true
	}
	return 0, false, false
}

// rawElementEnd returns the length of the script or style element (name)
// whose start tag ends at start in s, when its content holds no '<' and
// "</name>" ends it, and tagGone; else 0 and tagNone. The tokenizer reads
// such content as one raw text token up to that end tag, and the policy
// writes neither the tags nor the text.
func rawElementEnd(s string, start int, name string) (int, tagKind, string) {
	j := strings.IndexByte(s[start:], '<')
	if j < 0 {
		return 0, tagNone, ""
	}
	end := start + j
	if !strings.HasPrefix(s[end:], "</") || !strings.HasPrefix(s[end+2:], name) || !strings.HasPrefix(s[end+2+len(name):], ">") {
		return 0, tagNone, ""
	}
	return end + len("</>") + len(name), tagGone, ""
}

// commentLen returns the length of the comment that starts s ("<!--"),
// when it ends at the first "-->" after it as far as the tokenizer is
// concerned too: its text holds no "--" and starts neither ">" nor "->"
// (which end a comment at once); 0 otherwise.
func commentLen(s string) int {
	body := s[len("<!--"):]
	k := strings.Index(body, "-->")
	if k < 0 {
		return 0
	}
	body = body[:k]
	if strings.Contains(body, "--") || strings.HasPrefix(body, ">") || strings.HasPrefix(body, "->") {
		return 0
	}
	return len("<!--") + k + len("-->")
}

// nameLen returns the length of the lower-case element name that starts
// s: an ASCII letter, then letters, digits, '-', '_', ':' or '.'.
func nameLen(s string) int {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return 0
	}
	i := 1
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	return i
}

// isNameByte reports whether c may follow the first letter of an element
// name of a simple tag.
func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == ':' || c == '.'
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
