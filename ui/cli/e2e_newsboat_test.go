package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/testdata/testenv"
)

// newsboatFixture copies a file of testdata/newsboat into a temporary
// folder and returns the copy's path.
func newsboatFixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(repoFile(t, "testdata", "newsboat", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// feedsByURL is 'tidings feeds --json' keyed by URL.
func (u *user) feedsByURL() map[string]map[string]any {
	u.t.Helper()
	out := map[string]map[string]any{}
	for _, f := range u.feeds() {
		out[f["url"].(string)] = f
	}
	return out
}

// itemsByTitle is 'tidings items --json' keyed by title.
func (u *user) itemsByTitle() map[string]map[string]any {
	u.t.Helper()
	out := map[string]map[string]any{}
	for _, it := range u.items() {
		out[it["title"].(string)] = it
	}
	return out
}

const fixtureHost = "http://127.0.0.1:18313"

func TestImportNewsboatURLsFile(t *testing.T) {
	u := newUser(t)
	urls := repoFile(t, "testdata", "newsboat", "urls")
	r := u.run("import", urls)
	if r.code != 0 || r.stdout != "imported 3 feeds (0 already subscribed)\n"+
		"They download at the next sync: run tidings sync now (an open reader downloads them within seconds).\n"+
		"imported 1 saved searches and 0 rules\n" {
		t.Fatalf("import urls: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	wantNotices := "tidings: 1 feed has more than one tag; a feed has one folder here, its first tag, and the others are not kept: " +
		fixtureHost + "/alpha.xml (in tech; not kept: news)\n"
	if r.stderr != wantNotices {
		t.Errorf("notices:\n%s\nwant\n%s", r.stderr, wantNotices)
	}
	var searches []searchJSON
	if err := json.Unmarshal([]byte(u.ok("search", "list", "--json")), &searches); err != nil ||
		len(searches) != 1 || searches[0].Name != "Unread Articles" || searches[0].Expr != "unread" {
		t.Errorf("the query feed's saved search: %+v (%v), want Unread Articles: unread", searches, err)
	}
	feeds := u.feedsByURL()
	tests := []struct {
		url, folder, title string
	}{
		{fixtureHost + "/alpha.xml", "tech", "Alpha (renamed)"},
		{fixtureHost + "/beta.atom", "Side Projects", ""},
		{fixtureHost + "/gamma.xml", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			f, ok := feeds[tt.url]
			if !ok {
				t.Fatalf("not subscribed; feeds: %v", feeds)
			}
			if f["folder"] != tt.folder || f["title"] != tt.title || f["item_count"] != 0.0 {
				t.Errorf("folder %q title %q items %v; want %q %q 0", f["folder"], f["title"], f["item_count"], tt.folder, tt.title)
			}
		})
	}
	if len(feeds) != len(tests) {
		t.Errorf("%d feeds, want %d", len(feeds), len(tests))
	}
	before := u.ok("feeds", "--json")
	if out := u.ok("import", urls); out != "imported 0 feeds (3 already subscribed)\nimported 0 saved searches and 0 rules\n" {
		t.Errorf("second import said %q", out)
	}
	if after := u.ok("feeds", "--json"); after != before {
		t.Errorf("importing the urls file twice changed the feeds:\n%s\nthen\n%s", before, after)
	}
}

// wantFixtureItems is what tidings must hold after importing the fixture
// cache: each article's state as newsboat left it (see make-cache.sh).
var wantFixtureItems = map[string]struct {
	feed, guid    string
	read, flagged bool
}{
	"Alpha one":   {"/alpha.xml", "alpha-1", true, false},
	"Alpha two":   {"/alpha.xml", "", false, false}, // newsboat's guid was made up from link and date
	"Alpha three": {"/alpha.xml", fixtureHost + "/alpha/3", false, true},
	"Beta one":    {"/beta.atom", "urn:beta:1", true, false},
	"Beta two":    {"/beta.atom", "urn:beta:2", true, false},
	"Beta three":  {"/beta.atom", "urn:beta:3", true, false},
	"Gamma note":  {"/gamma.xml", "", false, false}, // made up from the title
}

// checkFixtureItems compares the user's items with wantFixtureItems.
func checkFixtureItems(t *testing.T, u *user) {
	t.Helper()
	items := u.itemsByTitle()
	if len(items) != len(wantFixtureItems) {
		t.Errorf("%d items, want %d (Gamma only was deleted in newsboat)", len(items), len(wantFixtureItems))
	}
	feedIDs := map[string]float64{}
	for url, f := range u.feedsByURL() {
		feedIDs[strings.TrimPrefix(url, fixtureHost)] = f["id"].(float64)
	}
	for title, want := range wantFixtureItems {
		it, ok := items[title]
		if !ok {
			t.Errorf("%s: not imported", title)
			continue
		}
		if it["feed_id"] != feedIDs[want.feed] || it["guid"] != want.guid || it["read"] != want.read || it["flagged"] != want.flagged {
			t.Errorf("%s: feed %v guid %q read %v flagged %v; want feed %v guid %q read %v flagged %v", title,
				it["feed_id"], it["guid"], it["read"], it["flagged"], feedIDs[want.feed], want.guid, want.read, want.flagged)
		}
	}
}

func TestImportNewsboatCacheBringsFeedsItemsAndStates(t *testing.T) {
	u := newUser(t)
	cache := newsboatFixture(t, "cache.db")
	original, _ := os.ReadFile(cache)
	out := u.ok("import", "--newsboat-cache", cache)
	if want := "imported 3 feeds (0 already subscribed) and 7 articles (0 already there, 0 of them newly read or flagged) from newsboat\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	feeds := u.feedsByURL()
	for path, want := range map[string][2]string{
		"/alpha.xml": {"Alpha News", fixtureHost + "/alpha/"},
		"/beta.atom": {"Beta Log", fixtureHost + "/beta.atom"},
		"/gamma.xml": {"Gamma", fixtureHost + "/gamma/"},
	} {
		f := feeds[fixtureHost+path]
		if f == nil || f["title"] != want[0] || f["site_url"] != want[1] || f["folder"] != "" || f["requests"] != 0.0 {
			t.Errorf("%s: %v; want title %q, site %q, top level, never fetched", path, f, want[0], want[1])
		}
	}
	checkFixtureItems(t, u)
	items := u.itemsByTitle()
	content := items["Alpha three"]["content"].(string)
	if !strings.Contains(content, "Third") || strings.Contains(content, "<script") || strings.Contains(content, "onclick") {
		t.Errorf("Alpha three was not sanitized: %q", content)
	}
	if encs := items["Alpha two"]["enclosures"].([]any); len(encs) != 1 || encs[0].(map[string]any)["url"] != fixtureHost+"/alpha/2.mp3" {
		t.Errorf("Alpha two's enclosure: %v", encs)
	}

	feedsBefore, itemsBefore := u.ok("feeds", "--json"), u.ok("items", "--json")
	out = u.ok("import", "--newsboat-cache", cache)
	if want := "imported 0 feeds (3 already subscribed) and 0 articles (7 already there, 0 of them newly read or flagged) from newsboat\n"; out != want {
		t.Errorf("second import: stdout %q, want %q", out, want)
	}
	if u.ok("feeds", "--json") != feedsBefore || u.ok("items", "--json") != itemsBefore {
		t.Error("importing the cache twice changed feeds or items")
	}
	if after, _ := os.ReadFile(cache); !bytes.Equal(after, original) {
		t.Error("the import wrote to newsboat's cache.db")
	}
}

func TestSwitchFromNewsboatInTwoCommands(t *testing.T) {
	u := newUser(t)
	u.ok("import", repoFile(t, "testdata", "newsboat", "urls"))
	out := u.ok("import", "--newsboat-cache", newsboatFixture(t, "cache.db"))
	if want := "imported 0 feeds (3 already subscribed) and 7 articles (0 already there, 0 of them newly read or flagged) from newsboat\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	feeds := u.feedsByURL()
	for path, want := range map[string][2]string{
		"/alpha.xml": {"tech", "Alpha (renamed)"}, // the urls file's name wins
		"/beta.atom": {"Side Projects", "Beta Log"},
		"/gamma.xml": {"", "Gamma"},
	} {
		if f := feeds[fixtureHost+path]; f["folder"] != want[0] || f["title"] != want[1] {
			t.Errorf("%s: folder %q title %q, want %q %q", path, f["folder"], f["title"], want[0], want[1])
		}
	}
	checkFixtureItems(t, u)
}

func TestImportRefusesFilesItCannotReadWhole(t *testing.T) {
	u := newUser(t)
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	writeFile(t, notes, "https://a.example/feed\nbuy milk\n")
	badQuote := filepath.Join(dir, "urls")
	writeFile(t, badQuote, "https://a.example/feed \"open\n")
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"text that is not a urls file", []string{"import", notes}, exitFailed, `neither OPML nor a newsboat urls file: urls line 2: buy is not a feed URL`},
		{"an unclosed quote", []string{"import", badQuote}, exitFailed, "urls line 1: a quote is not closed"},
		{"a cache that is not a database", []string{"import", "--newsboat-cache", notes}, exitFailed, "is not a newsboat 2.x cache.db"},
		{"a good urls file with a bad cache", []string{"import", repoFile(t, "testdata", "newsboat", "urls"), "--newsboat-cache", notes},
			exitFailed, "is not a newsboat 2.x cache.db"},
		{"a good urls file with a missing config", []string{"import", repoFile(t, "testdata", "newsboat", "urls"),
			"--newsboat-config", filepath.Join(dir, "missing")}, exitFailed, "missing: no such file"},
		{"nothing to import", []string{"import"}, exitUsage, "expects a FILE, --newsboat-cache CACHE.db, --newsboat-config CONFIG, or several"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := u.run(tt.args...)
			if r.code != tt.code || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and one line with %q", r.code, r.stdout, r.stderr, tt.code, tt.want)
			}
		})
	}
	if feeds := u.feeds(); len(feeds) != 0 {
		t.Errorf("a refused import subscribed to %d feeds", len(feeds))
	}
	var searches []searchJSON
	if err := json.Unmarshal([]byte(u.ok("search", "list", "--json")), &searches); err != nil || len(searches) != 0 {
		t.Errorf("a refused import saved searches: %+v (%v)", searches, err)
	}
}

// TestImportNewsboatCacheThenSyncKeepsOneCopy makes a cache with the
// installed newsboat against a loopback server, imports it, then lets
// tidings download the same feeds: every article is known again (by guid,
// by link where newsboat made a guid up, by title and content where it
// had neither) and keeps its state.
func TestImportNewsboatCacheThenSyncKeepsOneCopy(t *testing.T) {
	t.Parallel() // its own user, servers and processes: seconds of waiting on them
	testenv.RequireTool(t, "newsboat", "newsboat")
	srv := newFeedServer(t)
	for _, name := range []string{"alpha.xml", "beta.atom", "gamma.xml"} {
		body, err := os.ReadFile(repoFile(t, "testdata", "newsboat", "feeds", name))
		if err != nil {
			t.Fatal(err)
		}
		srv.set("/"+name, body)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "urls"), srv.URL+"/alpha.xml tech\n"+srv.URL+"/beta.atom\n"+srv.URL+"/gamma.xml\n")
	writeFile(t, filepath.Join(dir, "config"), "")
	writeFile(t, filepath.Join(dir, "readlist"), "alpha-1\n"+fixtureHost+"/alpha/2Tue, 03 Jan 2006 10:00:00 GMT\nGamma note\n")
	newsboat := func(args ...string) {
		cmd := exec.Command("newsboat", append([]string{"-C", "config", "-u", "urls", "-c", "cache.db"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("newsboat %v: %v\n%s", args, err, out)
		}
	}
	newsboat("-x", "reload")
	newsboat("-I", "readlist")

	u := newUser(t)
	u.ok("import", filepath.Join(dir, "urls"), "--newsboat-cache", filepath.Join(dir, "cache.db"))
	before := u.itemsByTitle()
	if len(before) != 8 {
		t.Fatalf("imported %d articles, want 8", len(before))
	}
	u.ok("sync", "--force")
	for _, f := range u.feeds() {
		if f["last_download_at"] == nil || f["last_error"] != "" {
			t.Errorf("%s was not downloaded: %v", f["url"], f["last_error"])
		}
	}
	after := u.itemsByTitle()
	if len(u.items()) != len(before) {
		t.Errorf("after the sync %d articles, want %d: a downloaded article was not known", len(u.items()), len(before))
	}
	for title, b := range before {
		a := after[title]
		if a == nil || a["id"] != b["id"] || a["read"] != b["read"] {
			t.Errorf("%s: before the sync %v, after %v", title, b, a)
		}
	}
	read := map[string]bool{}
	for title, it := range after {
		read[title] = it["read"].(bool)
	}
	want := map[string]bool{"Alpha one": true, "Alpha two": true, "Alpha three": false, "Beta one": false,
		"Beta two": false, "Beta three": false, "Gamma note": true, "Gamma only": false}
	if !reflect.DeepEqual(read, want) {
		t.Errorf("read states %v, want %v", read, want)
	}
}

// A newsboat urls file with two translatable query: lines and a config
// with ignore-article lines import into the equivalent saved searches and
// rules; the untranslatable lines are reported one by one.
func TestImportNewsboatQueriesAndIgnoreArticle(t *testing.T) {
	u := newUser(t)
	urls, config := repoFile(t, "testdata", "newsboat", "queries.urls"), repoFile(t, "testdata", "newsboat", "config")
	r := u.run("import", urls, "--newsboat-config", config)
	if r.code != 0 || !strings.Contains(r.stdout, "imported 2 feeds (0 already subscribed)\n") ||
		!strings.Contains(r.stdout, "imported 3 saved searches and 2 rules\n") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	wantNotices := `tidings: urls line 7: query feed "By date" (date =~ "2024") not imported: column 1: newsboat's date has no tidings equivalent` + "\n" +
		`tidings: config line 6: ignore-article "*" "date < \"2020\"": column 1: newsboat's date has no tidings equivalent (not imported)` + "\n"
	if r.stderr != wantNotices {
		t.Fatalf("notices:\n%s\nwant\n%s", r.stderr, wantNotices)
	}
	var searches []searchJSON
	if err := json.Unmarshal([]byte(u.ok("search", "list", "--json")), &searches); err != nil {
		t.Fatal(err)
	}
	wantSearches := []searchJSON{
		{Name: "Starred", Expr: `flagged`},
		{Name: "This week on Go", Expr: `age >= 0 and age <= 7 and feed ~ "go"`},
		{Name: "Unread security", Expr: `unread and (folder = "security" or category = "security")`},
	}
	if !reflect.DeepEqual(searches, wantSearches) {
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
	if out := u.ok("import", urls, "--newsboat-config", config); !strings.Contains(out, "imported 0 saved searches and 0 rules") {
		t.Fatalf("second import: %s", out)
	}
}

// ignore-mode "display" makes newsboat's ignore-article lines hide rules.
func TestImportNewsboatIgnoreModeDisplayHides(t *testing.T) {
	u := newUser(t)
	cfg := t.TempDir() + "/config"
	writeFile(t, cfg, "ignore-mode \"display\"\nignore-article \"*\" \"title =~ \\\"ad\\\"\"\n")
	if out := u.ok("import", "--newsboat-config", cfg); out != "imported 0 saved searches and 1 rules\n" {
		t.Errorf("stdout %q", out)
	}
	var rules []ruleJSON
	if err := json.Unmarshal([]byte(u.ok("rule", "list", "--json")), &rules); err != nil || len(rules) != 1 || rules[0].Action != "hide" {
		t.Fatalf("rules %+v (%v), want one hide rule", rules, err)
	}
	if r := u.run("import"); r.code != 2 {
		t.Fatalf("no file: exit %d", r.code)
	}
	if r := u.run("import", "--newsboat-config", t.TempDir()+"/missing"); r.code != 1 || !strings.Contains(r.stderr, "missing") {
		t.Fatalf("missing file: exit %d %q", r.code, r.stderr)
	}
}

// The config's rules are imported before the cache's articles and apply
// to them: a hide rule keeps articles out of the lists (items --all shows
// them), a delete rule keeps them out for good, also through a second
// import.
func TestImportNewsboatCacheAppliesTheConfigsRules(t *testing.T) {
	u := newUser(t)
	cfg := filepath.Join(t.TempDir(), "config")
	writeFile(t, cfg, "ignore-mode display\nignore-article * \"title = \\\"Beta two\\\"\"\n")
	cache := newsboatFixture(t, "cache.db")
	out := u.ok("import", "--newsboat-config", cfg, "--newsboat-cache", cache)
	if want := "imported 0 saved searches and 1 rules\n" +
		"imported 3 feeds (0 already subscribed) and 6 articles (0 already there, 0 of them newly read or flagged) from newsboat; 1 hidden or kept out by rules\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	listed := u.itemsByTitle()
	if _, ok := listed["Beta two"]; ok || len(listed) != len(wantFixtureItems)-1 {
		t.Errorf("listed %d items (Beta two among them: %v), want the fixture's but Beta two", len(listed), ok)
	}
	var all []map[string]any
	if err := json.Unmarshal([]byte(u.ok("items", "--all", "--json")), &all); err != nil {
		t.Fatal(err)
	}
	hidden := 0
	for _, it := range all {
		if it["hidden"] == true {
			hidden++
			if it["title"] != "Beta two" {
				t.Errorf("%s hidden", it["title"])
			}
		}
	}
	if len(all) != len(wantFixtureItems) || hidden != 1 {
		t.Errorf("items --all: %d items, %d hidden; want %d and 1", len(all), hidden, len(wantFixtureItems))
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
	if out := b.ok("import", file); !strings.Contains(out, "imported 0 saved searches and 0 rules") {
		t.Fatalf("importing twice added again: %s", out)
	}
}
