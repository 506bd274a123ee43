package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// A newsboat urls file with two translatable query: lines and a config
// with ignore-article lines import into the equivalent saved searches and
// rules; the untranslatable lines are reported one by one.
func TestImportNewsboatQueriesAndIgnoreArticle(t *testing.T) {
	u := newUser(t)
	r := u.run("import-newsboat", repoFile(t, "testdata", "newsboat", "urls"),
		"--config", repoFile(t, "testdata", "newsboat", "config"))
	if r.code != 0 || !strings.Contains(r.stdout, "imported 2 saved searches and 2 rules") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `urls line 6: "query:Starred:flags # \"s\"": query "Starred": column 1: newsboat's "flags" has no tidings equivalent (not imported)`) ||
		!strings.Contains(lines[1], `config line 6: ignore-article "*" "date < \"2020\"": column 1: newsboat's "date" has no tidings equivalent`) {
		t.Fatalf("notices:\n%s", r.stderr)
	}
	var searches []searchJSON
	if err := json.Unmarshal([]byte(u.ok("search", "list", "--json")), &searches); err != nil {
		t.Fatal(err)
	}
	wantSearches := []searchJSON{
		{Name: "This week on Go", Expr: `age >= 0 and age <= 7 and feed ~ "go"`},
		{Name: "Unread security", Expr: `unread and (folder = "security" or category = "security")`},
	}
	if len(searches) != 2 || searches[0].Name != wantSearches[0].Name || searches[0].Expr != wantSearches[0].Expr ||
		searches[1].Expr != wantSearches[1].Expr {
		t.Fatalf("saved searches %+v, want %+v", searches, wantSearches)
	}
	var rules []ruleJSON
	if err := json.Unmarshal([]byte(u.ok("rule", "list", "--json")), &rules); err != nil {
		t.Fatal(err)
	}
	if len(rules) != 2 || rules[0].Expr != `title ~ "sponsored"` || rules[0].Action != "delete" ||
		rules[1].Expr != `feed = "https://news.example/rss" and (author = "Press Office" or link ~ "/ads/")` {
		t.Fatalf("rules %+v", rules)
	}
	// Importing again adds nothing twice.
	if out := u.ok("import-newsboat", repoFile(t, "testdata", "newsboat", "urls"), "--config",
		repoFile(t, "testdata", "newsboat", "config")); !strings.Contains(out, "imported 0 saved searches and 0 rules") {
		t.Fatalf("second import: %s", out)
	}
}

// ignore-mode "display" makes newsboat's ignore-article lines hide rules.
func TestImportNewsboatIgnoreModeDisplayHides(t *testing.T) {
	u := newUser(t)
	cfg := t.TempDir() + "/config"
	writeFile(t, cfg, "ignore-mode \"display\"\nignore-article \"*\" \"title =~ \\\"ad\\\"\"\n")
	u.ok("import-newsboat", "--config", cfg)
	var rules []ruleJSON
	if err := json.Unmarshal([]byte(u.ok("rule", "list", "--json")), &rules); err != nil || len(rules) != 1 || rules[0].Action != "hide" {
		t.Fatalf("rules %+v (%v), want one hide rule", rules, err)
	}
	if r := u.run("import-newsboat"); r.code != 2 {
		t.Fatalf("no file: exit %d", r.code)
	}
	if r := u.run("import-newsboat", t.TempDir()+"/missing"); r.code != 1 || !strings.Contains(r.stderr, "missing") {
		t.Fatalf("missing file: exit %d %q", r.code, r.stderr)
	}
}

// Saved searches and rules travel with OPML: exported by one user,
// imported by another, scoped rules follow their feed's URL.
func TestOPMLCarriesSearchesAndRules(t *testing.T) {
	srv := newFeedServer(t)
	serveTemplate(t, srv, "/tech.xml", "tech")
	a := newUser(t)
	a.add(srv.URL + "/tech.xml")
	a.ok("search", "save", "Fresh", `unread and age < 7`)
	a.ok("rule", "add", `title ~ "sponsored"`, "--action", "delete")
	a.ok("rule", "add", `enclosure`, "--action", "flag", "--feed", srv.URL+"/tech.xml")
	file := t.TempDir() + "/subs.opml"
	a.ok("export", file)

	b := newUser(t)
	if out := b.ok("import", file); !strings.Contains(out, "imported 1 saved searches and 2 rules") {
		t.Fatalf("import: %s", out)
	}
	if b.ok("search", "list") != a.ok("search", "list") {
		t.Fatalf("searches differ:\n%s\n%s", a.ok("search", "list"), b.ok("search", "list"))
	}
	var ra, rb []ruleJSON
	json.Unmarshal([]byte(a.ok("rule", "list", "--json")), &ra)
	json.Unmarshal([]byte(b.ok("rule", "list", "--json")), &rb)
	if len(rb) != 2 || rb[0].Expr != ra[0].Expr || rb[1].FeedURL != srv.URL+"/tech.xml" || rb[1].Action != "flag" {
		t.Fatalf("rules imported %+v, exported %+v", rb, ra)
	}
	if out := b.ok("import", file); strings.Contains(out, "saved searches") {
		t.Fatalf("importing twice added again: %s", out)
	}
}
