package opml

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusRoot is the shared third-party corpus beside the repository.
const corpusRoot = "../../../shared/corpus"

// addCorpusSeeds adds OPML documents made of the shared corpus to f's seed
// corpus: its hostile strings (the html5lib and lxml vectors) as outline
// titles, folder names and URLs, and its raw security cases (the W3C
// validator's: entities, external entities, scripts) as documents. None
// when the corpus is not there.
func addCorpusSeeds(f *testing.F) {
	if _, err := os.Stat(corpusRoot); err != nil {
		f.Logf("corpus not found at %s: fuzzing from the fixtures only", corpusRoot)
		return
	}
	for _, s := range hostileStrings(filepath.Join(corpusRoot, "html_sanitizer_checks.jsonl")) {
		var esc strings.Builder
		xml.EscapeText(&esc, []byte(s))
		a := strings.ReplaceAll(esc.String(), `"`, "&quot;")
		f.Add([]byte(`<?xml version="1.0"?><opml version="2.0"><head><title>` + esc.String() + `</title></head><body>` +
			`<outline text="` + a + `"><outline text="` + a + `" title="` + a + `" xmlUrl="` + a + `" htmlUrl="` + a + `"/></outline>` +
			`</body></opml>`))
	}
	files, _ := filepath.Glob(filepath.Join(corpusRoot, "feedvalidator", "*.xml"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
}

// hostileStrings reads the "input" of every record of a jsonl file.
func hostileStrings(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		var r struct{ Input *string }
		if json.Unmarshal(sc.Bytes(), &r) == nil && r.Input != nil {
			out = append(out, *r.Input)
		}
	}
	return out
}
