package config

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
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
				"[enclosures]\ndirectory = "+quoted+"\nblocked_types = ["+quoted+"]\n",
				"[colors]\nlist = "+quoted+"\n",
				"[[highlight]]\nexpr = "+quoted+"\ncolor = \"red\"\n",
				"[[highlight-article]]\nregex = "+quoted+"\ncolor = "+quoted+"\n")
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

// validColor holds a parsed colour: "", 0 to 255, or #rrggbb in lower
// case; nothing else can reach the terminal.
var validColor = regexp.MustCompile(`^(|[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5]|#[0-9a-f]{6})$`)

// FuzzParseStyle checks that a colour value either parses into colours
// of the closed set, written back by String into the same value, or is
// refused with one line.
func FuzzParseStyle(f *testing.F) {
	for _, s := range []string{"red", "bright-red default bold", "color255 #00AAff underline dim", "", "  ",
		"#12345g", "color-1", "colour1", "\x1b[31m", "red blue bold italic reverse underline dim", "BRIGHT-WHITE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseStyle(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error %q is not one line", err)
			}
			return
		}
		if !validColor.MatchString(string(st.FG)) || !validColor.MatchString(string(st.BG)) {
			t.Fatalf("ParseStyle(%q) = %+v: a colour outside the closed set", s, st)
		}
		back, err := ParseStyle(st.String())
		if err != nil || back != st {
			t.Fatalf("ParseStyle(%q).String() = %q reads back as %+v, %v", s, st.String(), back, err)
		}
	})
}
