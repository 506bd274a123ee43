package engine

// The judging rules of the fidelity test: which of feedparser's
// expectations apply to what tidings stores, and how a stored value is
// compared with feedparser's.
//
//   - Not applicable: fields tidings does not store (feed author, feed id,
//     feed dates, author e-mail and URI, raw date strings), CDF (a format
//     tidings does not read), and files feedparser itself calls ill-formed
//     (requires any/bozo, entities/, illformed/) when tidings refuses them,
//     which the corpus allows.
//   - HTML is compared as text: both sides lose their tags and entities,
//     and white space is ignored. feedparser keeps an HTML title as HTML
//     where tidings keeps its text, and tidings collapses white space in
//     titles.
//   - An author "Name (email)" is met by "Name", and a name by a list that
//     holds it ("one, two"): tidings keeps one display string per item.
//   - A relative expected URL is resolved against the URL the file was
//     served from (feedparser read those files without one), and
//     feedparser's test server address is replaced by the loopback
//     server's.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/net/html"

	"github.com/tidings-rss/tidings/store"
)

// verdict is the outcome of one expectation.
type verdict int

const (
	met verdict = iota
	missed
	notApplicable
)

// feedparserServer is the address feedparser's HTTP tests were served at.
const feedparserServer = "http://127.0.0.1:8097"

// judgeRecord judges one record (and its "also" clauses) against what the
// store kept of its file.
func judgeRecord(r fpRecord, o *observed) (verdict, string) {
	if o == nil {
		return missed, "file not downloaded"
	}
	if strings.HasPrefix(r.File, "wellformed/cdf/") {
		return notApplicable, ""
	}
	if o.refused {
		if r.Requires != "wellformed" || strings.HasPrefix(r.File, "entities/") || strings.HasPrefix(r.File, "illformed/") {
			return notApplicable, ""
		}
		if r.Kind == "robustness" {
			return met, ""
		}
		return missed, "feed refused"
	}
	v, why := judgeClause(r, o)
	for _, a := range r.Also {
		if v != met {
			break
		}
		a.File, a.Requires = r.File, r.Requires
		if av, awhy := judgeClause(a, o); av == missed {
			v, why = av, awhy
		}
	}
	return v, why
}

// judgeClause judges one clause.
func judgeClause(r fpRecord, o *observed) (verdict, string) {
	switch r.Kind {
	case "robustness":
		return met, ""
	case "date_raw":
		return notApplicable, ""
	}
	if strings.HasPrefix(r.Field, "feed.") {
		return judgeFeed(r, o)
	}
	if r.EntryIndex >= len(o.items) {
		return missed, fmt.Sprintf("entry %d not stored (%d items)", r.EntryIndex, len(o.items))
	}
	return judgeEntry(r, o, o.items[r.EntryIndex])
}

// judgeFeed judges a channel-level clause.
func judgeFeed(r fpRecord, o *observed) (verdict, string) {
	switch r.Field {
	case "feed.title":
		return compareText(o.feed.Title, r.Expect, false)
	case "feed.link":
		return compareURL(o.feed.SiteURL, r, o.url)
	}
	return notApplicable, ""
}

// judgeEntry judges an item-level clause against it.
func judgeEntry(r fpRecord, o *observed, it store.Item) (verdict, string) {
	switch r.Field {
	case "entry.title":
		return compareText(it.Title, r.Expect, false)
	case "entry.link":
		return compareURL(it.Link, r, o.url)
	case "entry.guid":
		return compareExact(it.GUID, expectString(r.Expect, o.url))
	case "entry.author", "entry.author.name":
		return compareAuthor(it.Author, expectString(r.Expect, o.url))
	case "entry.published":
		return compareTime(it.PublishedAt, expectString(r.Expect, o.url))
	case "entry.updated":
		return compareTime(it.UpdatedAt, expectString(r.Expect, o.url))
	case "entry.content_or_summary":
		v, why := compareText(it.Content, r.Expect, true)
		if v == missed && it.Summary != "" {
			if sv, _ := compareText(it.Summary, r.Expect, true); sv == met {
				return met, ""
			}
		}
		return v, why
	}
	if strings.HasPrefix(r.Field, "entry.enclosure") {
		return judgeEnclosure(r, it)
	}
	return notApplicable, ""
}

// judgeEnclosure compares one enclosure's url, type or length (or all
// three, for an expectation that is a whole enclosure).
func judgeEnclosure(r fpRecord, it store.Item) (verdict, string) {
	if r.EnclosureIndex >= len(it.Enclosures) {
		return missed, fmt.Sprintf("enclosure %d not stored (%d)", r.EnclosureIndex, len(it.Enclosures))
	}
	e := it.Enclosures[r.EnclosureIndex]
	got := map[string]string{"url": e.URL, "type": e.Type, "length": strconv.FormatInt(e.Length, 10)}
	want := map[string]string{}
	if field, ok := strings.CutPrefix(r.Field, "entry.enclosure."); ok {
		want[field] = expectString(r.Expect, "")
	} else if err := json.Unmarshal(r.Expect, &want); err != nil {
		return missed, "unreadable expectation"
	}
	for k, w := range want {
		if got[k] != w {
			return missed, fmt.Sprintf("enclosure %s = %q, want %q", k, got[k], w)
		}
	}
	return met, ""
}

// expectString reads a record's expectation as a string, feedparser's
// server address replaced by base's.
func expectString(raw json.RawMessage, base string) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	if base != "" {
		if u, err := url.Parse(base); err == nil {
			s = strings.ReplaceAll(s, feedparserServer, u.Scheme+"://"+u.Host)
		}
	}
	return s
}

// expectStrings reads a string or a list of acceptable strings.
func expectStrings(raw json.RawMessage) []string {
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []string{s}
	}
	return nil
}

// compareText compares a stored value (HTML when gotHTML, else text) with
// an expected value, HTML or text, as text (see the file comment).
func compareText(got string, want json.RawMessage, gotHTML bool) (verdict, string) {
	g := textKey(html.EscapeString(got))
	if gotHTML {
		g = textKey(got)
	}
	for _, w := range expectStrings(want) {
		if g == textKey(w) || g == textKey(html.EscapeString(w)) {
			return met, ""
		}
	}
	return missed, fmt.Sprintf("got %q, want %s", clip(got), clip(string(want)))
}

// textKey is the text of an HTML fragment, without white space: the form
// in which two values are compared as text.
func textKey(fragment string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(fragment))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt == html.TextToken {
			b.Write(z.Text())
		}
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, b.String())
}

// compareURL compares a stored link with the expected one, resolved
// against the served URL; op "absent" wants no link.
func compareURL(got string, r fpRecord, served string) (verdict, string) {
	if r.Op == "absent" {
		return compareExact(got, "")
	}
	want := expectString(r.Expect, served)
	if b, err := url.Parse(served); err == nil {
		if u, err := b.Parse(want); err == nil {
			want = u.String()
		}
	}
	return compareExact(got, want)
}

// compareExact compares byte for byte.
func compareExact(got, want string) (verdict, string) {
	if got == want {
		return met, ""
	}
	return missed, fmt.Sprintf("got %q, want %q", clip(got), clip(want))
}

// compareAuthor accepts the name of "Name (email)", and one name among
// several ("one, two": tidings joins an item's authors).
func compareAuthor(got, want string) (verdict, string) {
	name, _, _ := strings.Cut(want, " (")
	for _, g := range strings.Split(got, ", ") {
		if g == want || g == name {
			return met, ""
		}
	}
	return compareExact(got, want)
}

// compareTime compares a stored time with an RFC 3339 expectation.
func compareTime(got *time.Time, want string) (verdict, string) {
	w, err := time.Parse(time.RFC3339, want)
	if err != nil {
		return missed, "unreadable expectation " + want
	}
	if got == nil || !got.Equal(w) {
		return missed, fmt.Sprintf("got %v, want %s", got, want)
	}
	return met, ""
}

// clip shortens a value for a failure message.
func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}
