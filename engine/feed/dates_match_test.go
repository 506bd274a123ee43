package feed

import (
	"html"
	"io/fs"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The regular expressions of dates_ref.go: the reference the hand-written
// matchers are checked against.
var (
	refW3CDate        = refDates().w3c
	refRFC822Date     = refDates().rfc822
	refMonthFirstDate = refDates().monthFirst
	refDayName        = refDates().dayName
	refNumericZone    = refDates().numericZone
	refEmailInParens  = refDates().emailInParens
)

// refDisplayName is displayName as it was, with its regular expression.
func refDisplayName(s string) string {
	s = strings.TrimSpace(s)
	if m := refEmailInParens.FindStringSubmatch(s); m != nil {
		outer, inner := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
		switch {
		case isEmail(outer) && inner != "":
			return inner
		case isEmail(inner) && outer != "":
			return outer
		}
	}
	if a, err := mail.ParseAddress(s); err == nil && strings.Contains(s, "<") {
		return firstNonEmpty(a.Name, a.Address)
	}
	return s
}

// sameGroups reports, as an error text, where a matcher's answer differs
// from its pattern's on s; "" when they agree.
func sameGroups(re *regexp.Regexp, s string, got []string, ok bool) string {
	want := re.FindStringSubmatch(s)
	if (want != nil) != ok {
		return "matches " + yesNo(ok) + ", pattern " + yesNo(want != nil)
	}
	for i := 1; ok && i < len(want); i++ {
		if got[i] != want[i] {
			return "group " + string(rune('0'+i)) + " = " + quote(got[i]) + ", pattern " + quote(want[i])
		}
	}
	return ""
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func quote(s string) string { return `"` + s + `"` }

// checkDateMatchers compares every hand-written matcher with its pattern
// on s (cutParenthesized on s trimmed, as displayName calls it), and
// displayName with its old self.
func checkDateMatchers(t *testing.T, s string) {
	t.Helper()
	m, ok := matchW3C(s)
	if d := sameGroups(refW3CDate, s, m[:], ok); d != "" {
		t.Errorf("matchW3C(%q): %s", s, d)
	}
	m, ok = matchRFC822(s)
	if d := sameGroups(refRFC822Date, s, m[:], ok); d != "" {
		t.Errorf("matchRFC822(%q): %s", s, d)
	}
	m, ok = matchMonthFirst(s)
	if d := sameGroups(refMonthFirstDate, s, m[:], ok); d != "" {
		t.Errorf("matchMonthFirst(%q): %s", s, d)
	}
	z, ok := matchNumericZone(s)
	if d := sameGroups(refNumericZone, s, z[:], ok); d != "" {
		t.Errorf("matchNumericZone(%q): %s", s, d)
	}
	if got, want := trimDayName(s), refDayName.ReplaceAllString(s, ""); got != want {
		t.Errorf("trimDayName(%q) = %q, pattern %q", s, got, want)
	}
	trimmed := strings.TrimSpace(s)
	outer, inner, ok := cutParenthesized(trimmed)
	if d := sameGroups(refEmailInParens, trimmed, []string{"", outer, inner}, ok); d != "" {
		t.Errorf("cutParenthesized(%q): %s", trimmed, d)
	}
	if got, want := displayName(s), refDisplayName(s); got != want {
		t.Errorf("displayName(%q) = %q, was %q", s, got, want)
	}
}

// dateLikeText finds the text of date and author elements in a feed.
var dateLikeText = regexp.MustCompile(`<(?:[A-Za-z]+:)?(?:pubDate|date|updated|published|created|issued|modified|` +
	`lastBuildDate|expirationDate|author|name|creator|managingEditor|webMaster|contributor)(?:\s[^>]*)?>([^<]*)<`)

// corpusDates gathers the text of date and author elements of the corpus
// and of the fixtures, each trimmed and as written.
func corpusDates(t testing.TB) []string {
	var out []string
	seen := map[string]bool{}
	walk := func(root string) {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			for _, m := range dateLikeText.FindAllStringSubmatch(string(b), -1) {
				for _, s := range []string{m[1], html.UnescapeString(m[1]), strings.TrimSpace(html.UnescapeString(m[1]))} {
					if !seen[s] {
						seen[s] = true
						out = append(out, s)
					}
				}
			}
			return nil
		})
	}
	walk("testdata")
	walk(corpusRoot(t))
	return out
}

// dateMatcherCases are the forms of TestParseDate and the corners of the
// patterns: ambiguous digit runs, newlines, folded day names, zones.
var dateMatcherCases = []string{
	"2003-12-31T10:14:55Z", "2003-12-31T10:14:55.123-08:00", "2003-12-31T10:14:55+0100",
	"2003-12-31T10:14Z", "2003-12-31 10:14:55", "20031231T101455Z", "2003-12", "2003",
	"2003-12-31T101Z", "2003-1230", "200312", "2003123", "2003-12-31 Z", "2003-12-31 t",
	"2003-12-31T10:14:55,5 UTC", "2003-12-31T10:14:55+05:", "2003-12-31\tGMT",
	"Thu, 01 Jan 2004 19:48:21 GMT", "Sat, 07 Sep 02 09:42:31 -0500", "07 Sep 2002 09:42:31 +0000",
	"Saturday, 07 September 2002 09:42:31 +02:00", "Sat, 7 Sep 2002 9:42:31", "Sat, 07 Sep 2002",
	"Sat, 07-Sep-2002 09:42:31 UT", "Sep 7, 2002 09:42:31 PM", "Sat, 07 Sep 2002 12:05 AM EST",
	"September 7, 2002", "Sep 7th, 2002 at 9:42", "Sep 7th, 2002 at9:42", "Mon Jan  2 15:04:05 2006",
	"07 Sep 20021", "07 Sep 2002\n09:42", "07 Sep 2002 09:42 x\ny", "07 Sep 2002 09:42\n:31 GMT",
	"07 Septembers 2002", "123 Sep 2002", "ſat, 07 Sep 2002", "SUNDAY. 07 Sep 2002", "monx",
	"+0530", "+530", "+123", "GMT+2", "UTC -07:00", "UT+05", "-05:", "+", "GMT", "UTC+",
	"john@example.com (John Doe)", "John Doe (john@example.com)", "John <john@example.com>",
	"a\nb (c@d.e)", "a \n(c@d.e)", "x (a) (b@c.d)", "x (a(b) c)", "(only)", "", "0AAA00 0:A",
}

// TestDateMatchersMatchTheirPatterns is the differential proof that the
// hand-written date matchers and displayName read exactly what the
// regular expressions they replaced read, over the corpus's dates and
// authors and the patterns' corners.
func TestDateMatchersMatchTheirPatterns(t *testing.T) {
	inputs := append(corpusDates(t), dateMatcherCases...)
	if len(inputs) < len(dateMatcherCases)+10 {
		t.Fatalf("only %d inputs: the fixtures' dates were not found", len(inputs))
	}
	for _, s := range inputs {
		checkDateMatchers(t, s)
	}
}

// FuzzDateMatchers checks the hand-written matchers against their
// patterns on any text.
func FuzzDateMatchers(f *testing.F) {
	for _, s := range append(corpusDates(f), dateMatcherCases...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkDateMatchers(t, s)
	})
}
