package opml

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// addCorpusSeeds adds OPML documents made of the corpus (testdata/corpus)
// to f's seed corpus: its hostile strings (the html5lib and lxml vectors)
// as outline titles, folder names and URLs, and its raw security cases
// (the W3C validator's: entities, external entities, scripts) as
// documents.
func addCorpusSeeds(f *testing.F) {
	for _, s := range testenv.Inputs(f, "html_sanitizer_checks.jsonl") {
		var esc strings.Builder
		xml.EscapeText(&esc, []byte(s))
		a := strings.ReplaceAll(esc.String(), `"`, "&quot;")
		f.Add([]byte(`<?xml version="1.0"?><opml version="2.0"><head><title>` + esc.String() + `</title></head><body>` +
			`<outline text="` + a + `"><outline text="` + a + `" title="` + a + `" xmlUrl="` + a + `" htmlUrl="` + a + `"/></outline>` +
			`</body></opml>`))
	}
	files, _ := filepath.Glob(testenv.Corpus(f, "feedvalidator", "testcases", "*", "*", "*.xml"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
}
