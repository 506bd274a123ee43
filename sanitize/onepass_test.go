package sanitize

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// TestHTMLOnePassIsFinal is the proof behind [htmlPass]'s claim that its
// result is final: over every input the corpora and the fuzz corpora hold
// (the check records' inputs, every value of every corpus feed, the feeds
// themselves, the fuzz seeds and the saved fuzz inputs), a result the pass
// reports final is one a second pass returns unchanged. It also checks
// that the claim is made for nearly all of them, or it would save nothing.
func TestHTMLOnePassIsFinal(t *testing.T) {
	if !fastPaths {
		t.Skip("built with tidings_nofast: htmlPass claims nothing final, so there is no claim to prove")
	}
	inputs := onePassInputs(t)
	final, settledLater := 0, 0
	for _, in := range inputs {
		out, ok := htmlPass(in)
		again, _ := htmlPass(out)
		switch {
		case ok && again != out:
			t.Errorf("htmlPass reported final but a second pass changes it:\n   in %q\n once %q\ntwice %q", in, out, again)
		case ok:
			final++
		default:
			settledLater++
		}
	}
	t.Logf("%d inputs: %d final after one pass, %d needed another", len(inputs), final, settledLater)
	if final < len(inputs)*99/100 {
		t.Errorf("only %d of %d inputs final after one pass", final, len(inputs))
	}
}

// TestHTMLInertTextIsUnchanged checks the fast path of [HTML]: over every
// input of [TestHTMLOnePassIsFinal] and a table of near misses, text that
// isInertText accepts is exactly what the full pass makes of it.
func TestHTMLInertTextIsUnchanged(t *testing.T) {
	inputs := append(onePassInputs(t),
		"Summary of post 7.", "café — “quoted” 東京\tand\nmore", "it's", `say "hi"`, "a > b", "a\r\nb",
		"AT&T", "\x1b[2J", "\u202eevil", "bad \xff byte", " ", "", "javascript:alert(1)", "\u00a0")
	inert := 0
	for _, in := range inputs {
		if !isInertText(in) {
			continue
		}
		inert++
		if out, _ := htmlPass(in); out != in {
			t.Errorf("isInertText(%q) but the pass gives %q", in, out)
		}
	}
	t.Logf("%d of %d inputs inert", inert, len(inputs))
	if inert == 0 {
		t.Error("no input took the fast path")
	}
}

// FuzzHTMLInertText checks that whatever isInertText accepts, the full
// pass of [HTML] leaves unchanged.
func FuzzHTMLInertText(f *testing.F) {
	addSeeds(f)
	f.Add("Summary of post 7.")
	f.Fuzz(func(t *testing.T, in string) {
		if !isInertText(in) {
			return
		}
		if out, _ := htmlPass(in); out != in {
			t.Fatalf("isInertText(%q) but the pass gives %q", in, out)
		}
	})
}

// TestHTMLSecondPassWhereNeeded checks the inputs whose first pass is not
// final, those where an attribute holding a live scheme was dropped (which
// may leave an element the policy removes when bare): another pass runs,
// the result is idempotent and nothing is live.
func TestHTMLSecondPassWhereNeeded(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"img left without src", `<img srC=#jAvAsCript:>`, ``},
		{"a left without href", `<a href="/x?javascript:y">t</a>`, `t`},
		{"bidi control inside a scheme", `<abbr title="java&#x202e;script:x">a</abbr>`, `<abbr>a</abbr>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, final := htmlPass(tt.in); final {
				t.Errorf("htmlPass(%q) reported final", tt.in)
			}
			got := HTML(tt.in)
			if got != tt.want {
				t.Errorf("HTML(%q) = %q, want %q", tt.in, got, tt.want)
			}
			assertSafeHTML(t, tt.in, got)
		})
	}
}

// onePassInputs gathers the inputs of [TestHTMLOnePassIsFinal].
func onePassInputs(t *testing.T) []string {
	t.Helper()
	dir := corpusDir(t)
	inputs := append([]string{readArticle(t)}, fuzzSeeds...)
	inputs = append(inputs, testenv.Inputs(t, "html_sanitizer_checks.jsonl")...)
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		inputs = append(inputs, string(data))
		inputs = append(inputs, xmlValues(data)...)
		return nil
	})
	if err != nil {
		t.Fatalf("walk %s: %v", dir, err)
	}
	for _, target := range []string{"FuzzHTML", "FuzzTextFromHTML", "FuzzText"} {
		inputs = append(inputs, savedFuzzInputs(t, filepath.Join("testdata", "fuzz", target))...)
		if cache, err := os.UserCacheDir(); err == nil {
			inputs = append(inputs, savedFuzzInputs(t, filepath.Join(cache, "go-build", "fuzz",
				"github.com", "tidings-rss", "tidings", "sanitize", target))...)
		}
	}
	return inputs
}

// savedFuzzInputs reads the string of every "go test fuzz v1" file in dir
// (none when dir does not exist).
func savedFuzzInputs(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("read %s: %v", name, err)
		}
		lines := strings.Split(string(data), "\n")
		if len(lines) < 2 || !strings.HasPrefix(lines[1], "string(") {
			continue
		}
		if s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "string("), ")")); err == nil {
			out = append(out, s)
		}
	}
	return out
}
