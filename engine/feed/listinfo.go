package feed

import (
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/sanitize"
)

// listInfo reads a channel's cf:listinfo (Simple List Extensions: the
// sorts and groups a list offers), nil when it has none usable.
func listInfo(ch *element) *document.ListInfo {
	li := ch.first(nsMS, "listinfo")
	if li == nil {
		return nil
	}
	info := &document.ListInfo{}
	li.each(func(c *element) {
		a := func(name string) string { return strings.TrimSpace(c.attr(name)) }
		switch {
		case c.is(nsMS, "sort"):
			s := document.ListSort{Label: a("label"), NS: namespaceOf(a("ns")), Element: a("element"),
				DataType: strings.ToLower(a("data-type")), Default: strings.EqualFold(a("default"), "true")}
			if s.DataType != document.ListDate && s.DataType != document.ListNumber {
				s.DataType = document.ListText
			}
			if s.Label == "" {
				s.Label = s.Element
			}
			if usableName(s.Key()) && s.Label != "" {
				info.Sorts = append(info.Sorts, s)
			}
		case c.is(nsMS, "group"):
			g := document.ListGroup{Label: a("label"), NS: namespaceOf(a("ns")), Element: a("element")}
			if g.Label == "" {
				g.Label = g.Element
			}
			if g.Element != "" && usableName(g.Key()) {
				info.Groups = append(info.Groups, g)
			}
		}
	})
	if len(info.Sorts) == 0 && len(info.Groups) == 0 {
		return nil
	}
	return info
}

// addListValues sets each item's values for the document's cf:listinfo
// sorts and groups; items are the documents' item elements, in the order
// of doc.Items.
func addListValues(doc *document.Document, items []*element) {
	if doc.ListInfo == nil || len(items) != len(doc.Items) {
		return
	}
	for i, el := range items {
		children := map[string]string{}
		el.each(func(c *element) {
			if k := listKey(c.ns(), c.name.Local); children[k] == "" {
				children[k] = strings.TrimSpace(c.text())
			}
		})
		doc.Items[i].ListValues = listValues(doc.ListInfo, children)
	}
}

// listKey names an element in Clark notation ({ns}local).
func listKey(ns, local string) string {
	if ns = strings.TrimSpace(ns); ns == "" {
		return local
	}
	return "{" + ns + "}" + local
}

// listValues picks an item's values for info's sorts (normalised for their
// data type) and groups.
func listValues(info *document.ListInfo, children map[string]string) map[string]string {
	out := map[string]string{}
	for _, s := range info.Sorts {
		if v, ok := sortValue(s.DataType, children[listKey(s.NS, s.Element)]); ok && s.Element != "" {
			out[s.Key()] = v
		}
	}
	for _, g := range info.Groups {
		if v := children[listKey(g.NS, g.Element)]; v != "" {
			out[g.Key()] = v
		}
	}
	return out
}

// sortValue normalises a value so SQL sorts it as its data type: a date
// becomes RFC 3339 UTC, a number a plain decimal ("$1,299.00" → "1299").
func sortValue(dataType, v string) (string, bool) {
	v = strings.Join(strings.Fields(v), " ")
	switch dataType {
	case document.ListDate:
		t, ok := listDate(v)
		return t.UTC().Format(time.RFC3339), ok
	case document.ListNumber:
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' || r == '.' || r == '-' {
				return r
			}
			return -1
		}, v)
		f, err := strconv.ParseFloat(digits, 64)
		return strconv.FormatFloat(f, 'f', -1, 64), err == nil
	}
	return v, v != ""
}

// listDate reads an RFC 3339 or RFC 822/1123 date.
func listDate(v string) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t, true
	}
	t, err := mail.ParseDate(v)
	return t, err == nil
}

// usableName reports whether a key can be stored and named in SQL.
func usableName(key string) bool { return !strings.ContainsAny(key, "\"\\") }

// cleanListInfo sanitizes what addListInfo added, as Clean does the rest.
func cleanListInfo(doc *document.Document) {
	if li := doc.ListInfo; li != nil {
		for i := range li.Sorts {
			li.Sorts[i].Label = sanitize.Text(li.Sorts[i].Label)
		}
		for i := range li.Groups {
			li.Groups[i].Label = sanitize.Text(li.Groups[i].Label)
		}
	}
	for i := range doc.Items {
		it := &doc.Items[i]
		for k, v := range it.ListValues {
			it.ListValues[k] = sanitize.Text(v)
		}
	}
}
