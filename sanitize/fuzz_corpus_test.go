package sanitize

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// corpusSeeds are the hostile inputs of the shared corpus beside the
// repository, for the fuzz targets to start from: the
// html5lib and lxml vectors, and the title, description and content of
// the first entry of every feed of the sanitizer suites (feedparser's
// wellformed/sanitize, the W3C validator's security cases). None when the
// corpus is not there.
func corpusSeeds(f *testing.F) []string {
	dir := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(dir); err != nil {
		f.Logf("corpus not found at %s: fuzzing from the built-in seeds only", dir)
		return nil
	}
	seeds := vectorInputs(filepath.Join(dir, "html_sanitizer_checks.jsonl"))
	for _, sub := range []string{"feedparser/wellformed/sanitize", "feedvalidator", "html5lib-sanitizer/feeds", "lxml-html-clean/feeds"} {
		files, _ := filepath.Glob(filepath.Join(dir, sub, "*.xml"))
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				continue
			}
			seeds = append(seeds, gofeedValues(data, "entry.title")...)
			seeds = append(seeds, gofeedValues(data, "entry.content")...)
		}
	}
	return seeds
}

// vectorInputs reads the "input" of every record of a jsonl file.
func vectorInputs(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		var r record
		if json.Unmarshal(sc.Bytes(), &r) == nil && r.Input != nil {
			out = append(out, *r.Input)
		}
	}
	return out
}
