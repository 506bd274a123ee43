package config

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// corpusSeeds are configuration documents made of the corpus' hostile
// strings (the html5lib and lxml vectors, as the value of every kind of
// string key, quoted both ways TOML allows) and of its raw documents (the
// W3C validator's security cases: XML, not TOML at all).
func corpusSeeds(f *testing.F) []string {
	var docs []string
	for _, s := range testenv.Inputs(f, "html_sanitizer_checks.jsonl") {
		for _, quoted := range []string{strconv.Quote(s), "'" + s + "'"} {
			docs = append(docs,
				"[sync]\nuser_agent = "+quoted+"\n",
				"[ui]\nnotify_command = "+quoted+"\n",
				"log_file = "+quoted+"\n",
				"[enclosures]\ndirectory = "+quoted+"\nblocked_types = ["+quoted+"]\n")
		}
	}
	files, _ := filepath.Glob(testenv.Corpus(f, "feedvalidator", "testcases", "*", "*", "*.xml"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			docs = append(docs, string(b))
		}
	}
	return docs
}

// FuzzParse checks that any configuration document either gives a
// configuration within every bound or one *Error of one line naming the
// file, never a panic.
func FuzzParse(f *testing.F) {
	for _, doc := range append([]string{fullDoc, "", "# nothing\n", "max_items = 99999\n",
		"[sync]\nconnect_timeout = \"-5s\"\nuser_agent = \"a\\r\\nX-Evil: 1\"\n", "[[sync]]\n", "default_interval = 1e400\n",
		"[enclosures]\nblocked_extensions = [\"\", \".\", \"..\"]\n"}, corpusSeeds(f)...) {
		f.Add(doc)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		const path = "/home/me/.config/tidings/config.toml"
		c, _, err := parse(path, []byte(doc))
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *config.Error", err, err)
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\r\n") || !strings.HasPrefix(msg, "config "+path) {
				t.Fatalf("error %q is not one line naming the file", msg)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("parsed %q into a configuration out of bounds: %v", doc, err)
		}
		if strings.ContainsAny(c.Sync.UserAgent, "\r\n") {
			t.Fatalf("user agent %q could inject a header", c.Sync.UserAgent)
		}
	})
}
