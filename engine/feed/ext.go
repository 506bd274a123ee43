package feed

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"
	"time"

	"github.com/mmcdole/gofeed/atom"
	ext "github.com/mmcdole/gofeed/extensions"
)

// gofeed keys Extensions by prefix. Namespaces it knows get a canonical
// prefix whatever the document declared, so these keys are safe to use;
// other namespaces (the Microsoft one included) keep the document's prefix
// and are matched by URI in parse_scan.go instead.
const (
	prefixDC      = "dc"      // http://purl.org/dc/elements/1.1/
	prefixDCTerms = "dcterms" // http://purl.org/dc/terms/
	prefixSy      = "sy"      // http://purl.org/rss/1.0/modules/syndication/
	prefixAtom    = "atom"    // http://www.w3.org/2005/Atom inside RSS
	prefixITunes  = "itunes"  // http://www.itunes.com/DTDs/PodCast-1.0.dtd
)

// extElements returns the extension elements prefix:name, matching the
// name case-insensitively when there is no exact match.
func extElements(exts ext.Extensions, prefix, name string) []ext.Extension {
	byName := exts[prefix]
	if els, ok := byName[name]; ok {
		return els
	}
	for n, els := range byName {
		if strings.EqualFold(n, name) {
			return els
		}
	}
	return nil
}

// extValue returns the first non-empty trimmed text of prefix:name.
func extValue(exts ext.Extensions, prefix, name string) string {
	for _, e := range extElements(exts, prefix, name) {
		if v := strings.TrimSpace(e.Value); v != "" {
			return v
		}
	}
	return ""
}

// extValues returns the non-empty trimmed texts of every prefix:name.
func extValues(exts ext.Extensions, prefix, name string) []string {
	var out []string
	for _, e := range extElements(exts, prefix, name) {
		if v := strings.TrimSpace(e.Value); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// extDate parses the first prefix:name extension as a date.
func extDate(exts ext.Extensions, prefix, name string) *time.Time {
	return parseDate(extValue(exts, prefix, name))
}

// firstNonEmpty returns the first of values that is not blank, trimmed.
func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// firstDate returns the first non-nil of dates, in UTC.
func firstDate(dates ...*time.Time) *time.Time {
	for _, d := range dates {
		if d != nil {
			u := d.UTC()
			return &u
		}
	}
	return nil
}

// parseDate parses a date found in an extension element (dc:date,
// dcterms:modified, sy:updateBase …) with exactly gofeed's rules, which
// already apply to pubDate and atom:updated, and returns it in UTC; nil when
// s is blank or unparsable. gofeed's date parser is internal, so beyond the
// common RFC 3339 case (which gofeed would also pick: the one layout it
// tries first cannot match an RFC 3339 string) it is reached through a
// one-element Atom document.
func parseDate(s string) *time.Time {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return firstDate(&t)
	}
	return gofeedDate(s)
}

// gofeedDate has gofeed's Atom parser parse s as an atom:updated value.
func gofeedDate(s string) *time.Time {
	var b bytes.Buffer
	b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom"><updated>`)
	if err := xml.EscapeText(&b, []byte(s)); err != nil {
		return nil
	}
	b.WriteString(`</updated></feed>`)
	var f *atom.Feed
	err := guard("date", func() (err error) {
		f, err = new(atom.Parser).Parse(&b)
		return err
	})
	if err != nil {
		return nil
	}
	return firstDate(f.UpdatedParsed)
}

// contentAndSummary returns an item's Content (the full content, else the
// summary) and Summary (the summary only when it differs from Content).
func contentAndSummary(content, summary string) (string, string) {
	content, summary = strings.TrimSpace(content), strings.TrimSpace(summary)
	if content == "" || content == summary {
		return summary, ""
	}
	return content, summary
}

// appendUnique appends the non-blank trimmed values not already in list.
func appendUnique(list []string, values ...string) []string {
	for _, v := range values {
		v = strings.TrimSpace(v)
		if v != "" && !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}
