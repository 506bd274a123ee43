package feed

import "strings"

// xmlRedirect reports whether root is an XML redirect document
// (<redirect><newLocation>URL</newLocation></redirect>) and returns its
// trimmed new location, "" when the element is empty or missing (the feed
// is gone). The seed's sample, whose closing tag lacks its slash, is read
// too: the location is the text up to the next tag.
func xmlRedirect(root *element) (string, bool) {
	if root == nil || !strings.EqualFold(root.name.Local, "redirect") {
		return "", false
	}
	for _, c := range root.children {
		if c.el != nil && strings.EqualFold(c.el.name.Local, "newLocation") {
			return strings.TrimSpace(leadingText(c.el)), true
		}
	}
	return "", true
}

// leadingText returns an element's character data up to its first child
// element (comments are not children, so text around them joins).
func leadingText(e *element) string {
	var b strings.Builder
	for _, c := range e.children {
		if c.el != nil {
			break
		}
		b.WriteString(c.text)
	}
	return b.String()
}

// simpleListFlags finds the channel's <treatAs> and <noMoreUpdates> in the
// Microsoft common feed namespace (matched by URI, whatever the prefix;
// never its "/internal" sibling), as children of ch or, for treatAs, an
// attribute of ch itself.
func simpleListFlags(ch *element) (isList, noMoreUpdates bool) {
	if v, ok := ch.attrNS(nsMS, "treatAs"); ok {
		isList = isListValue(v)
	}
	ch.each(func(c *element) {
		switch {
		case c.is(nsMS, "treatAs"):
			isList = isList || isListValue(c.text())
		case c.is(nsMS, "noMoreUpdates"):
			noMoreUpdates = true
		}
	})
	return isList, noMoreUpdates
}

// isListValue reports whether a treatAs value asks for a list feed.
func isListValue(v string) bool {
	return strings.EqualFold(strings.TrimSpace(v), "list")
}
