package sanitize

// This file reads the corpus (testdata/corpus, see its README.md): its
// check records and the raw values of the feeds they point at.

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mmcdole/gofeed"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// record is one line of the corpus' *_checks.jsonl files; each suite uses
// a subset of the fields.
type record struct {
	Kind      string   `json:"kind"`
	File      string   `json:"file"`
	Feed      string   `json:"feed"`
	Field     string   `json:"field"`
	Name      string   `json:"name"`
	Input     *string  `json:"input"`
	Forbidden []string `json:"forbidden"`
}

// corpusDir returns the corpus.
func corpusDir(t testing.TB) string {
	t.Helper()
	return testenv.CorpusDir(t)
}

// loadRecords reads the records of the corpus' jsonl file name whose kind
// is in kinds.
func loadRecords(t *testing.T, name string, kinds ...string) []record {
	t.Helper()
	var recs []record
	for _, r := range testenv.Records[record](t, name) {
		if slices.Contains(kinds, r.Kind) {
			recs = append(recs, r)
		}
	}
	return recs
}

// isTitleField reports whether a record's field is stored as plain text.
func isTitleField(field string) bool {
	return strings.HasSuffix(field, ".title")
}

// feedInputs returns the raw values of a feed that tidings would sanitize:
// field, the values gofeed gives for the record's field (title fields: the
// feed's or first entry's title; otherwise the first entry's description
// and content); every, those and also each element's inner XML, decoded
// character data and base64-decoded character data, to cover fields and
// encodings gofeed leaves alone (Atom 0.3 mode="escaped", xhtml:body,
// base64 content).
func feedInputs(t *testing.T, path, field string) (fieldVals, every []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read feed: %v", err)
	}
	fieldVals = gofeedValues(data, field)
	return fieldVals, append(slices.Clone(fieldVals), xmlValues(data)...)
}

// gofeedValues returns what gofeed parses for field from data.
func gofeedValues(data []byte, field string) []string {
	feed, err := gofeed.NewParser().Parse(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	if field == "feed.title" {
		return []string{feed.Title}
	}
	if len(feed.Items) == 0 {
		return nil
	}
	item := feed.Items[0]
	if isTitleField(field) {
		return []string{item.Title}
	}
	return []string{item.Description, item.Content}
}

// xmlNode is any element, with its raw inner XML and its character data.
type xmlNode struct {
	Inner    string    `xml:",innerxml"`
	Chardata string    `xml:",chardata"`
	Children []xmlNode `xml:",any"`
}

// xmlValues returns, for every element of data, its inner XML, its
// character data and, when that is base64 of UTF-8 text, the decoded text.
func xmlValues(data []byte) []string {
	var root xmlNode
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	if err := d.Decode(&root); err != nil {
		return nil
	}
	var out []string
	var walk func(n xmlNode)
	walk = func(n xmlNode) {
		out = append(out, n.Inner, n.Chardata)
		if b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(n.Chardata)); err == nil && len(b) > 0 && utf8.Valid(b) {
			out = append(out, string(b))
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return out
}
