package newsboat

import (
	"errors"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/query"
)

// newsboat expressions translate into equivalent ones of this language.
func TestTranslateFilter(t *testing.T) {
	tests := []struct{ in, want string }{
		{`title =~ "sponsored"`, `title ~ "sponsored"`},
		{`title !~ "^Re:"`, `title !~ "^Re:"`},
		{`author = "Ann"`, `author = "Ann"`},
		{`author == "Ann"`, `author = "Ann"`},
		{`link != "https://x/"`, `link != "https://x/"`},
		{`content =~ "rust"`, `content ~ "rust"`},
		{`feedtitle = "Go Blog"`, `feed = "Go Blog"`},
		{`feedurl =~ "youtube\.com"`, `feed ~ "youtube\\.com"`},
		{`tags # "security"`, `folder = "security" or category = "security"`},
		{`tags !# "news"`, `not (folder = "news" or category = "news")`},
		{`title # "Go"`, `title ~ "(^|\\s)Go(\\s|$)"`},
		{`unread = "yes"`, `unread`},
		{`unread = "no"`, `not unread`},
		{`unread != "yes"`, `not unread`},
		{`enclosure_url != ""`, `enclosure`},
		// tidings has one flag: any newsboat flag imports as it (the cache).
		{`flags # "s"`, `flagged`},
		{`flags !# "s"`, `not flagged`},
		{`flags != ""`, `flagged`},
		{`flags = ""`, `not flagged`},
		{`unread = "yes" and flags # "s"`, `unread and flagged`},
		{`enclosure_url = ""`, `not enclosure`},
		{`age < 7`, `age < 7`},
		{`age >= 30`, `age >= 30`},
		{`age = "3"`, `age = 3`},
		{`age between 1:7`, `age >= 1 and age <= 7`},
		{`age between 7:1`, `age >= 1 and age <= 7`},
		{`title = "say \"hi\""`, `title = "say \"hi\""`},
		// newsboat groups to the right with and/or of equal weight.
		{`unread = "yes" and age < 7 or title =~ "x"`, `unread and (age < 7 or title ~ "x")`},
		{`unread = "yes" or age < 7 and title =~ "x"`, `unread or age < 7 and title ~ "x"`},
		{`(unread = "yes" or age < 7) and title =~ "x"`, `(unread or age < 7) and title ~ "x"`},
		{`( tags # "a" )and(unread = "yes")`, `(folder = "a" or category = "a") and unread`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := TranslateFilter(tt.in)
			if err != nil {
				t.Fatalf("TranslateFilter(%q): %v", tt.in, err)
			}
			if got := e.String(); got != tt.want {
				t.Fatalf("TranslateFilter(%q) = %s, want %s", tt.in, got, tt.want)
			}
			if _, err := query.Parse(e.String()); err != nil {
				t.Fatalf("translation %q does not parse: %v", e, err)
			}
		})
	}
}

// What has no equivalent is an error naming it and its column.
func TestTranslateFilterUntranslatable(t *testing.T) {
	tests := []struct {
		in   string
		col  int
		want string
	}{
		{`flags =~ "s"`, 1, `flags translates only as flags # "LETTER", !# "LETTER", != "" or = ""`},
		{`flags # "st"`, 1, `flags translates only as`},
		{`unread = "yes" and date =~ "2024"`, 20, `date has no tidings equivalent`},
		{`guid = "x"`, 1, `newsboat's guid has no`},
		{`title < "x"`, 1, "title takes no <"},
		{`title = 3`, 9, "takes a quoted string"},
		{`unread = "maybe"`, 1, `unread = "yes" or "no"`},
		{`enclosure_url =~ "mp3"`, 1, `enclosure_url != ""`},
		{`age between 3`, 13, "between takes a range"},
		{`age =~ "3"`, 1, "age takes no =~"},
		{`title =~ "(x"`, 10, "regular expression does not translate"},
		{`title ?? "x"`, 7, "expected one of"},
		{`title = "x`, 9, "string not closed"},
		{`(title = "x"`, 13, "expected )"},
		{`title = "x" xor`, 13, "unexpected"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := TranslateFilter(tt.in)
			var pe *query.Error
			if !errors.As(err, &pe) || pe.Column != tt.col || !strings.Contains(pe.Msg, tt.want) {
				t.Fatalf("TranslateFilter(%q) = %v, want %q at column %d", tt.in, err, tt.want, tt.col)
			}
		})
	}
}

func TestTranslateQueryLine(t *testing.T) {
	q, err := TranslateQueryLine(`"query:Unread security:unread = \"yes\" and tags # \"security\"" "~Sec"`)
	if err != nil {
		t.Fatal(err)
	}
	if q.Name != "Unread security" || q.Expr.String() != `unread and (folder = "security" or category = "security")` {
		t.Fatalf("got %q: %s", q.Name, q.Expr)
	}
	for _, line := range []string{"https://example.com/feed.xml tech", "# a comment", "", `"exec:~/bin/feed"`} {
		if _, err := TranslateQueryLine(line); !errors.Is(err, ErrNotQuery) {
			t.Errorf("%q: %v, want ErrNotQuery", line, err)
		}
	}
	if _, err := TranslateQueryLine(`"query:No expression"`); err == nil || errors.Is(err, ErrNotQuery) {
		t.Errorf("a query line without expression: %v", err)
	}
}

func TestTranslateIgnoreArticleLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{`ignore-article "*" "title =~ \"Sponsored\""`, `title ~ "Sponsored"`},
		{`ignore-article * "author = \"Bot\""  # spam`, `author = "Bot"`},
		{`ignore-article "https://yt.example/feed" "link =~ \"/shorts/\""`, `feed = "https://yt.example/feed" and link ~ "/shorts/"`},
		{`ignore-article "https://x/f" "title =~ \"a\" or title =~ \"b\""`, `feed = "https://x/f" and (title ~ "a" or title ~ "b")`},
	}
	for _, tt := range tests {
		r, err := TranslateIgnoreArticle(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if r.Expr.String() != tt.want {
			t.Errorf("%q = %s, want %s", tt.in, r.Expr, tt.want)
		}
	}
	if _, err := TranslateIgnoreArticle(`bind-key j down`); !errors.Is(err, ErrNotIgnoreArticle) {
		t.Errorf("other command: %v", err)
	}
	if _, err := TranslateIgnoreArticle(`ignore-article "*"`); err == nil {
		t.Error("ignore-article without expression translated")
	}
}
