package sanitize

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// corpusSeeds are the hostile inputs of the corpus (testdata/corpus, see
// its README.md), for the fuzz targets to start from: the html5lib and
// lxml vectors, and the title, description and content of the first entry
// of every feed of the sanitizer suites (feedparser's wellformed/sanitize,
// the W3C validator's security cases).
func corpusSeeds(f *testing.F) []string {
	dir := testenv.CorpusDir(f)
	seeds := testenv.Inputs(f, "html_sanitizer_checks.jsonl")
	for _, sub := range []string{"feedparser/wellformed/sanitize", "feedvalidator/testcases/*/*", "html5lib-sanitizer/feeds", "lxml-html-clean/feeds"} {
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
