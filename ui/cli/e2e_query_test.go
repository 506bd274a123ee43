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
