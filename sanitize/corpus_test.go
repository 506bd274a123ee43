package sanitize

import (
	stdhtml "html"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// The corpus tests run the third-party security records of the
// corpus through the sanitizers; corpus_input_test.go reads the records
// and feeds. A record is checked on every raw value its feed yields, so
// values gofeed leaves out (RSS xhtml:body, base64 content) count too.
//
// Content is HTML: whatever value goes through [HTML], nothing may stay
// live. A title is text: a value the feed marks or shows as HTML (the
// record's field as parsed) goes through [TextFromHTML] and must keep no
// markup at all; any other raw value of the feed (inner XML, values
// escaped twice) may come out holding '<' as a character, which is safe
// because a text field is never read as HTML again: it must hold no
// control, and nothing may be live in it once escaped as every HTML
// consumer escapes text.

// liveForbidden returns the tokens of forbidden that are live in s.
func liveForbidden(s string, forbidden []string) []string {
	live := liveTokens(s)
	var out []string
	for _, f := range forbidden {
		if live[f] {
			out = append(out, f)
		}
	}
	return out
}

// anyLive reports whether any of values holds a token of forbidden live.
func anyLive(values, forbidden []string) bool {
	for _, v := range values {
		if len(liveForbidden(v, forbidden)) > 0 {
			return true
		}
	}
	return false
}

// tally counts the records of one corpus suite.
type tally struct {
	checked, passed int
	// field counts the records whose dangerous input gofeed yields in the
	// record's field; any those where some value of the feed holds it.
	field, any int
}

// reach tells whether a record's dangerous input reached the sanitizer
// through the record's field or through any value of the feed.
type reach struct{ field, any bool }

// count runs check as the subtest name and counts its outcome.
func (c *tally) count(t *testing.T, name string, check func(t *testing.T) reach) {
	t.Helper()
	c.checked++
	if t.Run(name, func(t *testing.T) {
		r := check(t)
		if r.field {
			c.field++
		}
		if r.any || r.field {
			c.any++
		}
	}) {
		c.passed++
	}
}

// report logs the tally and fails when no record reached the sanitizer.
func (c *tally) report(t *testing.T, suite string) {
	t.Helper()
	t.Logf("%s: %d security records checked, %d passed; dangerous input reached the sanitizer in %d (%d through the record's field as gofeed parses it)",
		suite, c.checked, c.passed, c.any, c.field)
	if c.checked > 0 && c.any == 0 {
		t.Errorf("%s: no record's dangerous input was found; the extraction is broken", suite)
	}
}

// assertNotLive fails when a value sanitized for field keeps a forbidden
// token live (or any other dangerous token: the policy forbids them all).
// For a text field, fieldInputs are the HTML values the parser hands over
// (their text must keep no markup) and inputs any raw values (their text
// must be safe as text, see the file comment).
func assertNotLive(t *testing.T, fieldInputs, inputs []string, field string, forbidden []string) {
	t.Helper()
	if !isTitleField(field) {
		for _, in := range append(fieldInputs, inputs...) {
			if out := HTML(in); len(liveTokens(out)) > 0 {
				t.Errorf("%v live in %q (record forbids %v)\ninput: %q", liveTokens(out), out, forbidden, in)
			}
		}
		return
	}
	for _, in := range fieldInputs {
		if out := TextFromHTML(in); hasMarkup(out) || len(liveTokens(out)) > 0 {
			t.Errorf("text of an HTML title keeps markup: %q\ninput: %q", out, in)
		}
	}
	for _, in := range inputs {
		assertSafeText(t, in, TextFromHTML(in))
		assertSafeText(t, in, Text(in))
	}
}

// assertSafeText fails when a text value holds a control, or anything
// live once escaped as HTML.
func assertSafeText(t *testing.T, in, out string) {
	t.Helper()
	if Terminal(out) != out || Text(out) != out {
		t.Errorf("text value keeps controls: %q\ninput: %q", out, in)
	}
	if live := liveTokens(stdhtml.EscapeString(out)); len(live) > 0 {
		t.Errorf("%v live in escaped text %q\ninput: %q", live, out, in)
	}
}

// TestCorpusFeedparser checks the sanitize records of the Universal Feed
// Parser's suite: no forbidden token may stay live in the stored value.
func TestCorpusFeedparser(t *testing.T) {
	dir := corpusDir(t)
	var c tally
	for _, r := range loadRecords(t, "feedparser_checks.jsonl", "sanitize") {
		c.count(t, r.File+"/"+r.Field, func(t *testing.T) reach {
			field, every := feedInputs(t, filepath.Join(dir, "feedparser", r.File), r.Field)
			assertNotLive(t, field, every, r.Field, r.Forbidden)
			return reach{anyLive(field, r.Forbidden), anyLive(every, r.Forbidden)}
		})
	}
	c.report(t, "feedparser")
}

// TestCorpusHTMLSanitizer checks the XSS vectors of html5lib and lxml, both
// as given and as wrapped in their one-item feeds.
func TestCorpusHTMLSanitizer(t *testing.T) {
	dir := corpusDir(t)
	var c tally
	for _, r := range loadRecords(t, "html_sanitizer_checks.jsonl", "sanitize") {
		c.count(t, r.Name, func(t *testing.T) reach {
			if r.Input == nil {
				t.Skip("record has no input")
			}
			inputs := []string{*r.Input}
			var field []string
			if r.Feed != "" {
				var every []string
				field, every = feedInputs(t, filepath.Join(dir, r.Feed), r.Field)
				inputs = append(inputs, every...)
			}
			assertNotLive(t, nil, inputs, r.Field, r.Forbidden)
			return reach{anyLive(field, r.Forbidden), anyLive(inputs, r.Forbidden)}
		})
	}
	c.report(t, "html-sanitizer")
}

// TestCorpusPolicyRecordsStaySafe runs the sanitize_policy records, which
// judge taste in harmless markup, only for safety: whatever tidings keeps,
// nothing in it may be live.
func TestCorpusPolicyRecordsStaySafe(t *testing.T) {
	dir := corpusDir(t)
	n := 0
	for _, r := range loadRecords(t, "feedparser_checks.jsonl", "sanitize_policy") {
		n++
		t.Run(r.File+"/"+r.Field, func(t *testing.T) {
			field, every := feedInputs(t, filepath.Join(dir, "feedparser", r.File), r.Field)
			assertNotLive(t, field, every, r.Field, nil)
		})
	}
	for _, r := range loadRecords(t, "html_sanitizer_checks.jsonl", "sanitize_policy") {
		n++
		t.Run(r.Name, func(t *testing.T) {
			assertNotLive(t, nil, []string{*r.Input}, r.Field, nil)
		})
	}
	t.Logf("%d sanitize_policy records run for safety only", n)
}

// TestCorpusFeedValidator checks the W3C Feed Validator's security cases.
// In the entry's content as gofeed parses it, no forbidden substring may
// survive (sanitize records) and no flagged style value may survive as an
// attribute (css records). In every other value of the feed, the forbidden
// constructs must not survive as markup, and text is safe as text.
func TestCorpusFeedValidator(t *testing.T) {
	dir := corpusDir(t)
	var c tally
	for _, r := range loadRecords(t, "feedvalidator_checks.jsonl", "sanitize", "css") {
		c.count(t, r.File, func(t *testing.T) reach {
			field, every := feedInputs(t, filepath.Join(dir, "feedvalidator", r.File), "entry.content")
			for _, in := range field {
				if r.Kind == "css" {
					assertNotPresent(t, in, HTML(in), r.Forbidden, r.Kind)
				} else {
					assertNoSubstring(t, in, HTML(in), r.Forbidden)
				}
			}
			for _, in := range every {
				assertNotPresent(t, in, HTML(in), r.Forbidden, r.Kind)
				assertSafeText(t, in, TextFromHTML(in))
			}
			return reach{anyPresent(field, r.Forbidden, r.Kind), anyPresent(every, r.Forbidden, r.Kind)}
		})
	}
	c.report(t, "feedvalidator")
}

// markupFacts returns what a validator record may forbid that is present
// as markup in fragment: the live tokens of [liveTokens],
// "<name" for every element and "name=" for every attribute; for css
// records, every decoded attribute value instead.
func markupFacts(fragment, kind string) []string {
	if kind == "css" {
		return attrValues(fragment)
	}
	var facts []string
	for tok := range liveTokens(fragment) {
		facts = append(facts, tok)
	}
	z := html.NewTokenizer(strings.NewReader(fragment))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, more := z.TagName()
		facts = append(facts, "<"+string(name))
		for more {
			var key []byte
			key, _, more = z.TagAttr()
			facts = append(facts, string(key)+"=")
		}
	}
	return facts
}

// present returns the forbidden strings found in the markup facts of s.
func present(s string, forbidden []string, kind string) []string {
	var out []string
	for _, fact := range markupFacts(s, kind) {
		for _, f := range forbidden {
			if strings.Contains(strings.ToLower(fact), strings.ToLower(f)) {
				out = append(out, f)
			}
		}
	}
	return out
}

// assertNotPresent fails when a forbidden string survives as markup in out.
func assertNotPresent(t *testing.T, in, out string, forbidden []string, kind string) {
	t.Helper()
	if found := present(out, forbidden, kind); len(found) > 0 {
		t.Errorf("%q survives as markup in %q\ninput: %q", found, out, in)
	}
}

// anyPresent reports whether any of values holds a forbidden string as
// markup.
func anyPresent(values, forbidden []string, kind string) bool {
	for _, v := range values {
		if len(present(v, forbidden, kind)) > 0 {
			return true
		}
	}
	return false
}

// assertNoSubstring fails when out contains any of forbidden, ignoring
// case (the judge of the validator's sanitize records).
func assertNoSubstring(t *testing.T, in, out string, forbidden []string) {
	t.Helper()
	lower := strings.ToLower(out)
	for _, f := range forbidden {
		if strings.Contains(lower, strings.ToLower(f)) {
			t.Errorf("%q survives in %q\ninput: %q", f, out, in)
		}
	}
}

// attrValues returns the decoded values of every attribute in fragment.
func attrValues(fragment string) []string {
	var vals []string
	z := html.NewTokenizer(strings.NewReader(fragment))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		for _, more := z.TagName(); more; {
			var val []byte
			_, val, more = z.TagAttr()
			vals = append(vals, string(val))
		}
	}
	return vals
}
