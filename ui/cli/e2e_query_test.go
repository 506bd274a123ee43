package cli

import (
	"bytes"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"time"
)

// serveTemplate serves testdata/rules/NAME.xml.tmpl at path, its dates
// filled in relative to now (so age tests hold whenever the test runs)
// and extra items appended.
func serveTemplate(t *testing.T, srv *feedServer, path, name string, extra ...string) {
	t.Helper()
	body, err := os.ReadFile(repoFile(t, "testdata", "rules", name+".xml.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	ago := func(d string) (string, error) {
		dur, err := time.ParseDuration(d)
		return now.Add(-dur).UTC().Format(time.RFC1123Z), err
	}
	tmpl := template.Must(template.New(name).Funcs(template.FuncMap{"ago": ago}).Parse(string(body)))
	var b bytes.Buffer
	err = tmpl.Execute(&b, map[string]any{"Extra": extra})
	if err != nil {
		t.Fatal(err)
	}
	srv.set(path, b.Bytes())
}

// queryFixture subscribes a user to the three fixture feeds (Tech/Go,
// News, no folder), syncs them, and marks Storm warning read and flagged
// and An old note read.
func queryFixture(t *testing.T) (*user, *feedServer) {
	t.Helper()
	srv := newFeedServer(t)
	serveTemplate(t, srv, "/tech.xml", "tech")
	serveTemplate(t, srv, "/news.xml", "news")
	serveTemplate(t, srv, "/loose.xml", "loose")
	u := newUser(t)
	u.add(srv.URL+"/tech.xml", "--folder", "Tech/Go")
	u.add(srv.URL+"/news.xml", "--folder", "News")
	u.add(srv.URL + "/loose.xml")
	u.ok("sync")
	ids := itemIDs(t, u)
	u.ok("mark", "read", ids["Storm warning"], ids["An old note"])
	u.ok("mark", "flag", ids["Storm warning"])
	return u, srv
}

// itemIDs maps every item's title (hidden ones too) to its id.
func itemIDs(t *testing.T, u *user) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, it := range u.items("--all") {
		ids[it["title"].(string)] = jsonID(it["id"])
	}
	return ids
}

// jsonID is a JSON number (an id) as the command line takes it.
func jsonID(v any) string {
	f, _ := v.(float64)
	return strconv.FormatInt(int64(f), 10)
}

// titlesOf lists the titles of items, sorted.
func titlesOf(items []map[string]any) []string {
	out := []string{}
	for _, it := range items {
		out = append(out, it["title"].(string))
	}
	slices.Sort(out)
	return out
}

// Each field and operator of the language, end to end: the real binary
// over a database filled by a real sync.
func TestQueryLanguageThroughCLI(t *testing.T) {
	t.Parallel() // its own user, servers and processes: seconds of waiting on them
	u, _ := queryFixture(t)
	const (
		generics = "Generics in Go"
		sponsor  = "SPONSORED: buy a gopher"
		storm    = "Storm warning"
		old      = "An old note"
	)
	tests := []struct {
		expr string
		want []string
	}{
		{`title ~ "sponsored"`, []string{sponsor}},
		{`title !~ "a"`, []string{generics}},
		{`title = "storm WARNING"`, []string{storm}},
		{`title != "Storm warning"`, []string{generics, sponsor, old}},
		{`author = ann`, []string{generics}},
		{`author != ann`, []string{sponsor, storm, old}},
		{`author ~ "^b"`, []string{storm}},
		{`author !~ "^a"`, []string{storm, old}},
		{`content ~ "type param"`, []string{generics}},
		{`content = "<p>Wind and rain</p>"`, []string{storm}},
		{`content != "<p>Wind and rain</p>"`, []string{generics, sponsor, old}},
		{`content !~ "a"`, []string{sponsor}},
		{`feed = "go blog"`, []string{generics, sponsor}},
		{`feed ~ "news\.xml$"`, []string{storm}},
		{`feed != "World News"`, []string{generics, sponsor, old}},
		{`feed !~ "o"`, nil},
		{`folder = Tech`, []string{generics, sponsor}},
		{`folder = "tech/go"`, []string{generics, sponsor}},
		{`folder = ""`, []string{old}},
		{`folder != News`, []string{generics, sponsor, old}},
		{`folder ~ "^n"`, []string{storm}},
		{`folder !~ "/"`, []string{storm, old}},
		{`category = language`, []string{generics}},
		{`category ~ "^wea"`, []string{storm}},
		{`category != release`, []string{sponsor, storm, old}},
		{`category !~ "."`, []string{sponsor, old}},
		{`link = "https://go.example/ad"`, []string{sponsor}},
		{`link ~ "news\.example"`, []string{storm}},
		{`link != "https://go.example/ad"`, []string{generics, storm, old}},
		{`link !~ "example"`, []string{old}},
		{`unread`, []string{generics, sponsor}},
		{`unread = false`, []string{storm, old}},
		{`unread != true`, []string{storm, old}},
		{`flagged`, []string{storm}},
		{`flagged = no`, []string{generics, sponsor, old}},
		{`enclosure`, []string{sponsor}},
		{`enclosure = false`, []string{generics, storm, old}},
		{`age < 1`, []string{generics}},
		{`age = 3`, []string{sponsor}},
		{`age != 3`, []string{generics, storm, old}},
		{`age <= 3`, []string{generics, sponsor}},
		{`age > 3`, []string{storm, old}},
		{`age >= 10`, []string{storm, old}},
		{`age > 365`, []string{old}},
		{`text:"golang"`, []string{old}},
		{`text:"type param"`, []string{generics}},
		{`unread and enclosure`, []string{sponsor}},
		{`flagged or age > 365`, []string{storm, old}},
		{`not unread`, []string{storm, old}},
		{`(unread or flagged) and not enclosure`, []string{generics, storm}},
		{`unread or flagged and enclosure`, []string{generics, sponsor}},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			got := titlesOf(u.items("--query", tt.expr))
			want := append([]string{}, tt.want...)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("items --query %s = %q, want %q", tt.expr, got, want)
			}
		})
	}
}

// A bad expression is one line on stderr naming the column, exit 2, and
// nothing else happens.
func TestQueryLanguageErrorsThroughCLI(t *testing.T) {
	u := newUser(t)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"items", "--query", `title ~ "(x"`}, `column 9: bad regular expression`},
		{[]string{"items", "--query", `unread and`}, `column 11: expected a test`},
		{[]string{"items", "--query", `colour = red`}, `column 1: unknown field colour`},
		{[]string{"rule", "add", `age < soon`, "--action", "hide"}, `column 7: age is a whole number`},
		{[]string{"rule", "add", `unread`, "--action", "archive"}, `action archive: want hide, read, flag or delete`},
		{[]string{"search", "save", "Week", `age <`}, `column 6: expected a value after <`},
		{[]string{"items", "--query", "unread", "--saved", "x"}, `--query and --saved do not go together`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := u.run(tt.args...)
			if r.code != 2 || !strings.Contains(r.stderr, tt.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", r.code, r.stdout, r.stderr, tt.want)
			}
		})
	}
	if out := u.ok("rule", "list", "--json"); strings.TrimSpace(out) != "[]" {
		t.Fatalf("rules after refusals: %s", out)
	}
}

// Words of Chinese and Japanese are found inside a run of text, in the
// title and in the content, end to end: any three characters or more, and
// two of Han.
func TestQueryFindsCJKWordsInsideARun(t *testing.T) {
	t.Parallel()
	srv := newFeedServer(t)
	srv.set("/ja.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>ニュース</title>
<item><title>今日の天気予報</title><guid>ja1</guid><description>&lt;p&gt;東京の天気は晴れ、明日は雨でしょう。&lt;/p&gt;</description></item>
<item><title>北京欢迎你</title><guid>zh1</guid><description>我们今天去图书馆学习中文</description></item>
<item><title>English</title><guid>en1</guid><description>Nothing in Tokyo today</description></item>
</channel></rss>`))
	u := newUser(t)
	u.add(srv.URL + "/ja.xml")
	u.ok("sync")
	for expr, want := range map[string][]string{
		`text:"天気"`:    {"今日の天気予報"},
		`text:"天気は晴れ"`: {"今日の天気予報"},
		`text:"明日は雨"`:  {"今日の天気予報"},
		`text:"天気予報"`:  {"今日の天気予報"},
		`text:"图书馆"`:   {"北京欢迎你"},
		`text:"欢迎你"`:   {"北京欢迎你"},
		`text:"天晴"`:    nil,
		`text:"Tokyo"`: {"English"},
		`text:"学习 东京"`: nil,
		`text:"学习 中文"`: {"北京欢迎你"},
		`text:"の天気"`:   {"今日の天気予報"},
		`title ~ "天気"`: {"今日の天気予報"},
	} {
		got := titlesOf(u.items("--query", expr))
		if want == nil {
			want = []string{}
		}
		if !slices.Equal(got, want) {
			t.Errorf("items --query %s = %q, want %q", expr, got, want)
		}
	}
}
