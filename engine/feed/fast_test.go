package feed

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/tidings-rss/tidings/engine/document"
	"github.com/tidings-rss/tidings/testdata/testenv"
)

// TestFastPathSwitch checks that fastPaths follows the build: off exactly
// when the build has the tag tidings_nofast.
func TestFastPathSwitch(t *testing.T) {
	if want := !testenv.BuiltWithTag(t, "tidings_nofast"); fastPaths != want {
		t.Fatalf("fastPaths = %v in a build whose -tags say %v", fastPaths, want)
	}
}

// parsedEnv names the file TestWriteParsedDocuments writes to; the test
// does nothing without it.
const parsedEnv = "TIDINGS_PARSED_DOCUMENTS"

// parsedDocuments is what parseAll writes: whether the fast paths ran and
// what each input became.
type parsedDocuments struct {
	FastPaths bool
	Docs      map[string]parsedDocument
}

// parsedDocument is one input's document as Parse returns it and as Clean
// leaves it, or Parse's error.
type parsedDocument struct {
	Parsed, Cleaned *document.Document
	Err             string
}

// parseAll parses and cleans every input of treeInputs.
func parseAll(tb testing.TB) parsedDocuments {
	out := parsedDocuments{FastPaths: fastPaths, Docs: map[string]parsedDocument{}}
	for name, body := range treeInputs(tb) {
		doc, err := parseBody(body, Options{URL: "http://example.com/feeds/one.xml"})
		if err != nil {
			out.Docs[name] = parsedDocument{Err: err.Error()}
			continue
		}
		raw, _ := json.Marshal(doc)
		var parsed document.Document
		if err := json.Unmarshal(raw, &parsed); err != nil {
			tb.Fatal(err)
		}
		Clean(doc, "http://example.com/feeds/one.xml")
		out.Docs[name] = parsedDocument{Parsed: &parsed, Cleaned: doc}
	}
	return out
}

// TestWriteParsedDocuments is the other build's half of
// TestNoFastParsesTheSame (fast_off_test.go), which runs it in a child
// process: it writes what parseAll makes of the inputs to the file named
// by $TIDINGS_PARSED_DOCUMENTS, and is skipped without it.
func TestWriteParsedDocuments(t *testing.T) {
	path := os.Getenv(parsedEnv)
	if path == "" {
		t.Skip("$" + parsedEnv + " not set: run by TestNoFastParsesTheSame")
	}
	b, err := json.Marshal(parseAll(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
