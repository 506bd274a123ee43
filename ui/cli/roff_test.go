package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestRoffMarkdown(t *testing.T) {
	for _, tc := range []struct{ name, md, want string }{
		{"headings", "# ONE\ntext\n\n## Two\n\n### three \"q\" a\\b\n",
			"\n\n.SH ONE\ntext\n\n.SH Two\n.SS three \\(dqq\\(dq a\\eb\n"},
		{"paragraphs", "one\n  two\n\nthree\n",
			"\n.PP\none\ntwo\n\n.PP\nthree\n"},
		{"inline", "**bold** *it* _it_ `co\\de` \\*a\\_ max_body_bytes 2 * 3 `` `x` `` ``open\n",
			"\n.PP\n\\fBbold\\fP \\fIit\\fP \\fIit\\fP \\fBco\\ede\\fR *a_ max_body_bytes 2 * 3 \\fB`x`\\fR ``open\n"},
		{"strong holds code", "**`--db` FILE**\n",
			"\n.PP\n\\fB\\fB--db\\fR FILE\\fP\n"},
		{"fenced code", "A:\n\n```\n.so /etc/passwd\n'x\n  \\fB *not*\n```\n",
			"\n.PP\nA:\n\n.EX\n\\&.so /etc/passwd\n\\&'x\n  \\efB *not*\n.EE\n"},
		{"indented code", "para\n\n      --a  x\n\n    --b\n\nafter\n",
			"\n.PP\npara\n\n.EX\n  --a  x\n\n--b\n.EE\n\n.PP\nafter\n"},
		{"bullets", "intro:\n\n- one\n- two `x`\n  more\n\nafter\n",
			"\n.PP\nintro:\n.IP \\(bu 2\none\n.IP \\(bu 2\ntwo \\fBx\\fR\nmore\n\n.PP\nafter\n"},
		{"terms", "Tests:\n\n**t**\n: .def\n\n'q\n: d\n\nafter\n",
			"\n.PP\nTests:\n.TP\n\\fBt\\fP\n\\&.def\n\n.TP\n\\&'q\nd\n\n.PP\nafter\n"},
		{"lines that would be requests", ".TH x\n'br\n\\.nh\n",
			"\n.PP\n\\&.TH x\n\\&'br\n\\&.nh\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			roffBlocks(&b, parseMarkdown(tc.md))
			if got := b.String(); got != tc.want {
				t.Errorf("markdown %q\n got %q\nwant %q", tc.md, got, tc.want)
			}
		})
	}
}

func TestRoffHeaderAndName(t *testing.T) {
	var b strings.Builder
	h := manHeader{title: "TIDINGS", section: "1", date: "Nov 2023", source: "tidings \"v1\"\n.so x", manual: "tidings manual"}
	if err := writeRoff(&b, h, "tidings", ".a - b\\", "# SEE ALSO\nx\n"); err != nil {
		t.Fatal(err)
	}
	want := ".nh\n.TH \"TIDINGS\" \"1\" \"Nov 2023\" \"tidings \\(dqv1\\(dq .so x\" \"tidings manual\"\n\n" +
		".SH NAME\ntidings \\- .a - b\\e\n\n\n.SH SEE ALSO\nx\n"
	if got := b.String(); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// The keys and macros a configuration sets reach the page as text: a
// leading "." or "'" and a backslash are printed, never read as roff.
func TestManPageKeepsConfiguredTextLiteral(t *testing.T) {
	u := newUser(t)
	u.writeConfig("[keys]\nflag = [\".\"]\n[keys.list]\ntoggle-read = [\"'\"]\n" +
		"[macros]\n\"\\\\\" = [\"pipe:.so /etc/passwd \\\\\\\" \\\\fB x\", \"toggle-read\"]\n")
	roff := u.ok("man")
	if bad := strayRequests(roff); len(bad) > 0 {
		t.Errorf("the page has lines that roff reads as requests: %q", bad)
	}
	page := strings.Join(strings.Fields(manTextWidth(t, roff, 2000)), " ")
	lacks(t, page, []string{
		`,\ pipe:.so /etc/passwd \" \fB x, then toggle-read`,
		"in [keys]: flag. Keys: ..",
		"in [keys]: toggle-read. Keys: ' (list); N (reader).",
	})
}

// The page's date is SOURCE_DATE_EPOCH's, which release builds set for
// reproducible pages.
func TestManPageDateFromSourceDateEpoch(t *testing.T) {
	u := newUser(t)
	u.env = append(u.env, "SOURCE_DATE_EPOCH=1700000000")
	first, _, _ := strings.Cut(strings.TrimPrefix(u.ok("man"), ".nh\n"), "\n")
	if !regexp.MustCompile(`^\.TH "TIDINGS" "1" "Nov 2023" "tidings [^"\\]+" "tidings manual"$`).MatchString(first) {
		t.Errorf("the page's header is %q", first)
	}
	u.env = append(u.env, "SOURCE_DATE_EPOCH=soon")
	if r := u.run("man"); r.code == 0 || !strings.Contains(r.stderr, "SOURCE_DATE_EPOCH") {
		t.Errorf("a SOURCE_DATE_EPOCH that is no number: exit %d, %q", r.code, r.stderr)
	}
}

// strayRequests are the lines of roff that start with "." or "'" but are
// not a request the writer emits.
func strayRequests(roff string) []string {
	var bad []string
	for line := range strings.Lines(roff) {
		line = strings.TrimSuffix(line, "\n")
		if !strings.HasPrefix(line, ".") && !strings.HasPrefix(line, "'") {
			continue
		}
		if request, _, _ := strings.Cut(line, " "); !slices.Contains(roffRequests, request) {
			bad = append(bad, line)
		}
	}
	return bad
}

func FuzzRoff(f *testing.F) {
	f.Add(manual, "tidings")
	f.Add("**.x**\n: .so /etc/passwd\n\n- 'x\n\n    .EX\n", "a\n.so x")
	f.Add("```\n\\\n.TH\n", `\" "`)
	f.Add("# .SH \"a\n\n`` ` ``\n*_a_*\n", "'")
	f.Fuzz(func(t *testing.T, md, text string) {
		var b strings.Builder
		h := manHeader{title: text, section: text, date: text, source: text, manual: text}
		if err := writeRoff(&b, h, text, text, md); err != nil {
			t.Fatal(err)
		}
		roff := b.String()
		if bad := strayRequests(roff); len(bad) > 0 {
			t.Fatalf("markdown %q and text %q make lines that are no request of the writer: %q", md, text, bad)
		}
		if n := strings.Count(roff, "\n.TH "); n != 1 {
			t.Fatalf("markdown %q and text %q make %d .TH lines", md, text, n)
		}
		if strings.Count(roff, "\n.EX\n") != strings.Count(roff, "\n.EE\n") {
			t.Fatalf("markdown %q: .EX and .EE do not pair:\n%s", md, roff)
		}
	})
}
