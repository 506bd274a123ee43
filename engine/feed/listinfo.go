package feed

import (
	"bytes"
	"encoding/xml"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/store"
)

// itunesNamespace is the iTunes podcast namespace (compared ignoring case:
// publishers write it both ways).
const itunesNamespace = "http://www.itunes.com/dtds/podcast-1.0.dtd"

var itunesMarker = []byte("podcast-1.0.dtd")

// addListInfo reads what gofeed does not keep from body into doc: the
// channel's cf:listinfo (Simple List Extensions: the sorts and groups a
// list offers), each item's values of the elements those name, and each
// item's itunes:duration. Items are matched to doc.Items by position; when
// the counts differ (a parser dropped one) no item value is set.
func addListInfo(doc *store.Document, body []byte) {
	if !bytes.Contains(body, msNamespaceMarker) && !bytes.Contains(bytes.ToLower(body), itunesMarker) {
		return
	}
	info, items := scanExtras(body)
	if info != nil && (len(info.Sorts) > 0 || len(info.Groups) > 0) {
		doc.ListInfo = info
	}
	if len(items) != len(doc.Items) {
		return
	}
	for i, children := range items {
		it := &doc.Items[i]
		it.Duration = children[listKey(itunesNamespace, "duration")]
		if doc.ListInfo != nil {
			it.ListValues = listValues(doc.ListInfo, children)
		}
	}
}

// listKey names an element in Clark notation ({ns}local); the iTunes
// namespace is lower-cased so both spellings meet.
func listKey(ns, local string) string {
	ns = strings.TrimSpace(ns)
	if strings.EqualFold(ns, itunesNamespace) {
		ns = itunesNamespace
	}
	if ns == "" {
		return local
	}
	return "{" + ns + "}" + local
}

// listValues picks an item's values for info's sorts (normalised for their
// data type) and groups.
func listValues(info *store.ListInfo, children map[string]string) map[string]string {
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
	case store.ListDate:
		t, ok := listDate(v)
		return t.UTC().Format(time.RFC3339), ok
	case store.ListNumber:
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

// scanExtras walks the document once: the channel's cf:listinfo and, per
// item (rss item, rdf item, atom entry) in order, its child elements' text
// keyed by listKey (the first of each name).
func scanExtras(body []byte) (*store.ListInfo, []map[string]string) {
	var info *store.ListInfo
	var items []map[string]string
	d := newScanDecoder(body)
	if _, err := rootElement(d); err != nil {
		return nil, nil
	}
	var container func(xml.StartElement) error
	container = func(se xml.StartElement) error {
		switch {
		case isMSNamespace(se.Name.Space) && se.Name.Local == "listinfo":
			info = readListInfo(d)
			return nil
		case se.Name.Local == "item" || se.Name.Local == "entry":
			items = append(items, readChildren(d))
			return nil
		case se.Name.Local == "channel":
			return forEachChild(d, container)
		}
		return d.Skip()
	}
	_ = forEachChild(d, container)
	return info, items
}

// readChildren returns the text of each child element of the element just
// started, keyed by listKey.
func readChildren(d *xml.Decoder) map[string]string {
	out := map[string]string{}
	_ = forEachChild(d, func(se xml.StartElement) error {
		var v struct {
			Text string `xml:",chardata"`
		}
		err := d.DecodeElement(&v, &se)
		if k := listKey(se.Name.Space, se.Name.Local); out[k] == "" {
			out[k] = strings.TrimSpace(v.Text)
		}
		return err
	})
	return out
}

// readListInfo reads the cf:sort and cf:group children of cf:listinfo.
func readListInfo(d *xml.Decoder) *store.ListInfo {
	info := &store.ListInfo{}
	_ = forEachChild(d, func(se xml.StartElement) error {
		a := attrs(se)
		switch {
		case !isMSNamespace(se.Name.Space):
		case se.Name.Local == "sort":
			s := store.ListSort{Label: a["label"], NS: a["ns"], Element: a["element"],
				DataType: strings.ToLower(a["data-type"]), Default: strings.EqualFold(a["default"], "true")}
			if s.DataType != store.ListDate && s.DataType != store.ListNumber {
				s.DataType = store.ListText
			}
			if s.Label == "" {
				s.Label = s.Element
			}
			if usableName(s.Key()) && s.Label != "" {
				info.Sorts = append(info.Sorts, s)
			}
		case se.Name.Local == "group":
			g := store.ListGroup{Label: a["label"], NS: a["ns"], Element: a["element"]}
			if g.Label == "" {
				g.Label = g.Element
			}
			if g.Element != "" && usableName(g.Key()) {
				info.Groups = append(info.Groups, g)
			}
		}
		return d.Skip()
	})
	return info
}

// usableName reports whether a key can be stored and named in SQL.
func usableName(key string) bool { return !strings.ContainsAny(key, "\"\\") }

// attrs maps an element's attributes by local name, values trimmed.
func attrs(se xml.StartElement) map[string]string {
	out := map[string]string{}
	for _, a := range se.Attr {
		out[a.Name.Local] = strings.TrimSpace(a.Value)
	}
	return out
}

// cleanListInfo sanitizes what addListInfo added, as Clean does the rest.
func cleanListInfo(doc *store.Document) {
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
		it.Duration = sanitize.Text(it.Duration)
		for k, v := range it.ListValues {
			it.ListValues[k] = sanitize.Text(v)
		}
	}
}
