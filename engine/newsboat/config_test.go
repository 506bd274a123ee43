package newsboat

import (
	"strings"
	"testing"
)

// Every ignore-article line of a config becomes a rule or is reported with
// its line; ignore-mode "display", even after them, makes them hide rules.
func TestParseConfigTranslatesIgnoreArticleLines(t *testing.T) {
	config := strings.Join([]string{
		`auto-reload yes`,
		`ignore-article "*" "title =~ \"sponsor\""`,
		`ignore-article "*" "date = \"x\""`,
		`macro x "unclosed`,
		`ignore-article "https://news.example/rss" "author = \"Bot\""`,
		`ignore-article "*" "title = \"unclosed`,
		`ignore-mode "display"`,
	}, "\n")
	c, err := ParseConfig(strings.NewReader(config))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line int
		expr string
	}{
		{2, `title ~ "sponsor"`},
		{5, `feed = "https://news.example/rss" and author = "Bot"`},
	}
	if len(c.Rules) != len(tests) {
		t.Fatalf("rules %+v, want %d", c.Rules, len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			r := c.Rules[i]
			if r.Line != tt.line || r.Expr.String() != tt.expr || !r.Hide {
				t.Errorf("rule line %d %s hide %v, want line %d %s hide", r.Line, r.Expr, r.Hide, tt.line, tt.expr)
			}
		})
	}
	if u := c.Untranslated; len(u) != 3 || u[0].Line != 3 || !strings.Contains(u[0].Reason, "newsboat's date has no") ||
		u[1].Line != 4 || !strings.Contains(u[1].Reason, "quote") || u[2].Line != 6 || !strings.Contains(u[2].Reason, "quote") {
		t.Errorf("untranslated %+v, want lines 3 (date), 4 and 6 (an unclosed quote)", u)
	}
}

// By default (ignore-mode "download") newsboat drops ignored articles:
// delete rules.
func TestParseConfigDefaultModeDeletes(t *testing.T) {
	c, err := ParseConfig(strings.NewReader("ignore-article * \"title =~ \\\"ad\\\"\"\nignore-mode download\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rules) != 1 || c.Rules[0].Hide {
		t.Errorf("rules %+v, want one delete rule", c.Rules)
	}
}

// The query feeds of a urls file translate or say where they do not.
func TestQueryTranslate(t *testing.T) {
	u, err := ParseURLs(strings.NewReader(strings.Join([]string{
		`https://go.dev/blog/feed.atom go`,
		`"query:Fresh:age < 3 and unread = \"yes\""`,
		`"query:Starred:flags # \"s\""`,
		`"query:Go:feedtitle =~ \"go\""`,
	}, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		title, want, err string
	}{
		{"Fresh", `age < 3 and unread`, ""},
		{"Starred", `flagged`, ""},
		{"Go", `feed ~ "go"`, ""},
	}
	if len(u.Queries) != len(tests) {
		t.Fatalf("queries %+v", u.Queries)
	}
	for i, tt := range tests {
		t.Run(tt.title, func(t *testing.T) {
			q := u.Queries[i]
			e, err := q.Translate()
			switch {
			case q.Title != tt.title:
				t.Errorf("title %q, want %q", q.Title, tt.title)
			case tt.err != "" && (err == nil || err.Error() != tt.err):
				t.Errorf("error %v, want %q", err, tt.err)
			case tt.err == "" && (err != nil || e.String() != tt.want):
				t.Errorf("%v %v, want %s", e, err, tt.want)
			}
		})
	}
}
