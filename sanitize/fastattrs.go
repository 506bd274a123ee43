package sanitize

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// fastAttrTag writes to b the policy's output for t, a simple tag with
// attributes (see [simpleTag]), for the common tags whose attributes the
// policy's rules for this allow-list decide alone; false, having written
// nothing, for any other, which [policyFast] leaves to the policy. It follows the policy's steps
// for a start or self-closing tag (bluemonday's Policy.sanitize and
// sanitizeAttrs, with the options [newPolicy] sets):
//
//   - the tokenizer's attributes: names in lower case (a name in upper
//     case is left to the policy, as is a name given twice), values with
//     "&amp;" decoded (any other '&' is left to the policy);
//   - an attribute the element does not allow goes; an allowed one stays
//     if its value matches the rule's pattern ([linkURL], [number]);
//   - a link's href and an image's src are then checked as URLs:
//     trimmed, no white space, parsed by net/url, with no scheme or http,
//     https or mailto (data: is left to the policy), and written as the
//     parsed URL's String;
//   - a link with an href gets rel="nofollow" last;
//   - with no attribute left, the tag is the tag without attributes,
//     which [tagTable] knows when the policy keeps it;
//   - the tag is written as Token.String writes it: values escaped.
//
// FuzzPolicyFast checks the result against the policy itself.
func fastAttrTag(b *strings.Builder, t string) bool {
	self := strings.HasSuffix(t, "/>")
	name := t[1 : 1+nameLen(t[1:])]
	if !elementRules(name) {
		return false
	}
	var room [6]html.Attribute
	kept := room[:0]
	seen := 0 // bit set of the allowed names met, to refuse a repeated one
	for rest := t[1+len(name):]; ; {
		rest = rest[spaceLen(rest):]
		if rest == "" || rest[0] == '>' || rest[0] == '/' {
			break
		}
		k := attrLen(rest)
		key, val, hasVal := strings.Cut(rest[:k], "=")
		rest = rest[k:]
		if hasVal {
			val = val[1 : len(val)-1]
		}
		if hasUpper(key) {
			return false
		}
		r := ruleIndex(name, key)
		if r < 0 {
			continue
		}
		if seen&(1<<r) != 0 {
			return false
		}
		seen |= 1 << r
		a, keep, ok := applyRule(name, key, val)
		if !ok {
			return false
		}
		if keep {
			kept = append(kept, a)
		}
	}
	return writeTag(b, name, kept, self)
}

// elementRules reports whether fastAttrTag follows the policy's rules for
// the attributes of element name: those of links, images and the
// elements that allow no attribute (the structure and table elements but
// abbr, ol, td, th, blockquote and q).
func elementRules(name string) bool {
	switch name {
	case "abbr", "ol", "td", "th", "blockquote", "q":
		return false
	}
	return true
}

// ruleIndex returns the index of attribute key among those the policy
// allows on element name (see [elementRules]), -1 when it allows none.
func ruleIndex(name, key string) int {
	var rules []string
	switch name {
	case "a":
		rules = []string{"href", "title"}
	case "img":
		rules = []string{"src", "alt", "title", "width", "height"}
	}
	for i, r := range rules {
		if r == key {
			return i
		}
	}
	return -1
}

// applyRule applies the policy's rule for the allowed attribute key of
// element name to its raw value: the attribute as the policy keeps it and
// whether it does; false when the value is one fastAttrTag leaves to the
// policy.
func applyRule(name, key, raw string) (html.Attribute, bool, bool) {
	val, ok := attrValue(raw)
	if !ok {
		return html.Attribute{}, false, false
	}
	switch {
	case key == "width" || key == "height":
		return html.Attribute{Key: key, Val: val}, number.MatchString(val), true
	case name == "a" && key == "href":
		if !matchesLinkURL(val) {
			return html.Attribute{}, false, true
		}
		fallthrough
	case key == "src":
		u, keep, ok := checkedURL(val)
		return html.Attribute{Key: key, Val: u}, keep, ok
	}
	return html.Attribute{Key: key, Val: val}, true, true
}

// matchesLinkURL is linkURL.MatchString(val), without running the
// regular expression for the values that start "http://", "https://" or
// "/": with no leading white space, the first two match its scheme
// alternative and the last its "not a letter" one.
func matchesLinkURL(val string) bool {
	if strings.HasPrefix(val, "https://") || strings.HasPrefix(val, "http://") || strings.HasPrefix(val, "/") {
		return true
	}
	return linkURL.MatchString(val)
}

// attrValue returns the raw value as the tokenizer gives it, "&amp;"
// decoded; false when it holds another '&' or a control but tab and
// newline.
func attrValue(raw string) (string, bool) {
	if !plainBytes(raw) {
		return "", false
	}
	for rest := raw; ; {
		i := strings.IndexByte(rest, '&')
		if i < 0 {
			break
		}
		if !strings.HasPrefix(rest[i:], "&amp;") {
			return "", false
		}
		rest = rest[i+len("&amp;"):]
	}
	return strings.ReplaceAll(raw, "&amp;", "&"), true
}

// checkedURL is the policy's check of an href or src value: the URL as
// it writes it and whether it keeps it; false for a data: URL, which has
// its own rule.
func checkedURL(val string) (string, bool, bool) {
	val = strings.TrimSpace(val)
	if strings.HasPrefix(val, "data:") {
		return "", false, false
	}
	if strings.ContainsAny(val, " \t\n") {
		return "", false, true
	}
	u, err := url.Parse(val)
	if err != nil {
		return "", false, true
	}
	switch u.Scheme {
	case "http", "https", "mailto":
		return u.String(), true, true
	case "":
		s := u.String()
		return s, s != "", true
	case "data":
		return "", false, false
	}
	return "", false, true
}

// writeTag writes to b the start or self-closing tag of element name with
// the attributes kept, and rel="nofollow" after a link's href; with none,
// the policy's output for the bare tag, false (nothing written) when it
// removes that.
func writeTag(b *strings.Builder, name string, attrs []html.Attribute, self bool) bool {
	if name == "a" && hasAttr(attrs, "href") {
		attrs = append(attrs, html.Attribute{Key: "rel", Val: "nofollow"})
	}
	end := ">"
	if self {
		end = "/>"
	}
	if len(attrs) == 0 {
		out, ok := tagTable.out["<"+name+end]
		b.WriteString(out)
		return ok
	}
	b.WriteByte('<')
	b.WriteString(name)
	for _, a := range attrs {
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteString(`="`)
		writeEscaped(b, a.Val)
		b.WriteByte('"')
	}
	b.WriteString(end)
	return true
}

// hasAttr reports whether attrs holds one named key.
func hasAttr(attrs []html.Attribute, key string) bool {
	for _, a := range attrs {
		if a.Key == key {
			return true
		}
	}
	return false
}

// hasUpper reports whether s holds an ASCII upper-case letter.
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
