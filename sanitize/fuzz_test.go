package sanitize

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are hostile and ordinary inputs every fuzz target starts from.
var fuzzSeeds = []string{
	"<b>Hi</b> &amp; bye",
	"\x1b]52;c;ZXZpbA==\x07title",
	"\x1b[2J\u009b31m\u202e\ufeff\x9b",
	"<script>alert(1)</script>x",
	`<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`,
	`<p style="background:url(javascript:alert(1))">x</p><style>@import 'x';</style>`,
	`<iframe src=x></iframe><form><input></form><meta http-equiv=refresh><base href=x><svg onload=x>`,
	`<a href="data:text/html,x">x</a><img src="data:image/png;base64,iVBORw0KGgo=">`,
	"&amp;lt;b&amp;gt; &#27; &#x202e; &nbsp;",
	"<!--[if IE]><script>x</script><![endif]--><?import x>",
	"https://example.com/a b?c=d#e",
	"héllo\t世界\n👩‍💻",
}

// addSeeds adds fuzzSeeds and the corpus' hostile inputs to the
// corpus of f.
func addSeeds(f *testing.F) {
	seen := map[string]bool{}
	for _, s := range append(fuzzSeeds, corpusSeeds(f)...) {
		if !seen[s] {
			seen[s] = true
			f.Add(s)
		}
	}
}

// FuzzText checks that Text yields printable, collapsed text and is
// idempotent.
func FuzzText(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out := Text(in)
		if !utf8.ValidString(out) {
			t.Fatalf("Text(%q) = %q is not UTF-8", in, out)
		}
		assertNoControl(t, "Text", in, out)
		if strings.TrimSpace(out) != out || strings.Contains(out, "  ") {
			t.Fatalf("Text(%q) = %q is not collapsed", in, out)
		}
		if again := Text(out); again != out {
			t.Fatalf("Text not idempotent on %q:\n once %q\ntwice %q", in, out, again)
		}
		if isCollapsed(in) && collapseAll(in) != in {
			t.Fatalf("isCollapsed(%q) but collapsing gives %q", in, collapseAll(in))
		}
	})
}

// FuzzTextFromHTML checks that the text of any HTML is a finished text
// field: UTF-8, no control, collapsed (Text leaves it as it is).
func FuzzTextFromHTML(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out := TextFromHTML(in)
		if !utf8.ValidString(out) {
			t.Fatalf("TextFromHTML(%q) = %q is not UTF-8", in, out)
		}
		for _, r := range out {
			if isControl(r) {
				t.Fatalf("TextFromHTML(%q) = %q keeps control %U", in, out, r)
			}
		}
		if Text(out) != out {
			t.Fatalf("TextFromHTML(%q) = %q is not a finished text value", in, out)
		}
	})
}

// FuzzHTML checks that HTML keeps nothing live and no terminal control,
// and is idempotent.
func FuzzHTML(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out := HTML(in)
		if !utf8.ValidString(out) {
			t.Fatalf("HTML(%q) = %q is not UTF-8", in, out)
		}
		assertNoControl(t, "HTML", in, out, '\t', '\n', '\r')
		assertSafeHTML(t, in, out)
	})
}

// FuzzLink checks that Link yields "" or an absolute http(s) URL without
// controls, and is idempotent.
func FuzzLink(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out := Link(in)
		if out == "" {
			return
		}
		lower := strings.ToLower(out)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
			t.Fatalf("Link(%q) = %q is not http(s)", in, out)
		}
		assertNoControl(t, "Link", in, out)
		if again := Link(out); again != out {
			t.Fatalf("Link not idempotent on %q:\n once %q\ntwice %q", in, out, again)
		}
	})
}

// FuzzTerminal checks that Terminal leaves only tab and newline of the
// controls, and is idempotent.
func FuzzTerminal(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out := Terminal(in)
		assertNoControl(t, "Terminal", in, out, '\t', '\n')
		if again := Terminal(out); again != out {
			t.Fatalf("Terminal not idempotent on %q: %q", in, again)
		}
	})
}

// assertNoControl fails when out, what fn made of in, holds a character a
// terminal would act on: ESC and every C0 control, DEL, the C1 controls,
// the bidirectional marks, embeddings, overrides and isolates, and the BOM
// (but those allowed). It is written from that list, apart from the
// package's own code, so the two check each other.
func assertNoControl(t *testing.T, fn, in, out string, allowed ...rune) {
	t.Helper()
	for i, r := range out {
		if slices.Contains(allowed, r) {
			continue
		}
		bidi := r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e ||
			r >= 0x2066 && r <= 0x2069 || r == 0xfeff
		if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || bidi {
			t.Fatalf("%s(%q) = %q keeps %U at byte %d", fn, in, out, r, i)
		}
	}
}

// FuzzTerminalWriter checks that a TerminalWriter, whatever the points its
// writes are cut at (the lengths in cuts), passes exactly what Terminal
// makes of the whole: no control survives a split.
func FuzzTerminalWriter(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, step := range []int{1, 2, 3, 5, 7} {
			var cuts []int
			for c := step; c < len(in); c += step + c%3 {
				cuts = append(cuts, c)
			}
			out := writeSplit(t, in, cuts...)
			assertNoControl(t, "TerminalWriter", in, out, '\t', '\n')
			if want := Terminal(in); out != want {
				t.Fatalf("%q cut at %v gave %q, want %q", in, cuts, out, want)
			}
		}
	})
}
