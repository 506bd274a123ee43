package testenv

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// CorpusDir returns the absolute path of the repository's testdata/corpus
// (see its README.md), found from the working directory up, which go test
// sets to the package's folder. It fails tb when the folder is missing.
func CorpusDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("testenv: no go.mod above the working directory")
		}
		dir = parent
	}
	corpus := filepath.Join(dir, "testdata", "corpus")
	if _, err := os.Stat(corpus); err != nil {
		tb.Fatalf("testenv: the corpus is missing: %v", err)
	}
	return corpus
}

// Corpus returns the path of elem within the corpus.
func Corpus(tb testing.TB, elem ...string) string {
	tb.Helper()
	return filepath.Join(append([]string{CorpusDir(tb)}, elem...)...)
}

// Records decodes every line of the corpus' jsonl file name (such as
// "html_sanitizer_checks.jsonl") into a T.
func Records[T any](tb testing.TB, name string) []T {
	tb.Helper()
	path := Corpus(tb, name)
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		var r T
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("read %s: %v", path, err)
	}
	return out
}

// Inputs returns the "input" of every record of the jsonl file name that
// has one: the hostile strings of html_sanitizer_checks.jsonl.
func Inputs(tb testing.TB, name string) []string {
	tb.Helper()
	var out []string
	for _, r := range Records[struct{ Input *string }](tb, name) {
		if r.Input != nil {
			out = append(out, *r.Input)
		}
	}
	return out
}
