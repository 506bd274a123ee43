package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// subscriptionFields are what an OPML export carries of a feed.
var subscriptionFields = []string{"url", "title", "folder", "site_url", "sync", "interval_minutes", "max_items", "download_enclosures"}

// subscriptions is 'tidings feeds --json' cut to subscriptionFields, by URL.
func (u *user) subscriptions() map[string]map[string]any {
	u.t.Helper()
	out := map[string]map[string]any{}
	for _, f := range u.feeds() {
		s := map[string]any{}
		for _, k := range subscriptionFields {
			s[k] = f[k]
		}
		out[f["url"].(string)] = s
	}
	return out
}

func TestOPMLExportIntoAFreshDatabaseReproducesTheSubscriptions(t *testing.T) {
	t.Parallel() // its own user, servers and processes: seconds of waiting on them
	srv := newFeedServer(t)
	formats := []string{"rss20.xml", "atom10.xml", "rss10.rdf", "rss092.xml"}
	for _, name := range formats {
		srv.setFile(t, "/"+name, name)
	}
	u := newUser(t)
	ids := map[string]string{}
	for _, name := range formats {
		ids[name] = u.add(srv.URL + "/" + name)
	}
	u.ok("sync") // the site URLs and publishers' titles come with a download
	u.ok("set", ids["rss20.xml"], "folder=News/Tech", "title=My <own> & named", "interval=90", "max-items=50")
	u.ok("set", ids["atom10.xml"], "folder=News", "sync=manual", "enclosures=on")
	u.ok("set", ids["rss10.rdf"], "folder=Ünïcode \"quoted\"")
	want := u.subscriptions()
	if len(want) != len(formats) {
		t.Fatalf("%d subscriptions, want %d", len(want), len(formats))
	}
	for url, s := range want {
		if s["site_url"] == "" || s["title"] == "" {
			t.Fatalf("%s has no site or title to carry over: %v", url, s)
		}
	}
	exported := filepath.Join(u.home, "subscriptions.opml")
	u.ok("export", exported)

	v := newUser(t)
	if out := v.ok("import", exported); out != "imported 4 feeds (0 already subscribed)\nThey download at the next sync: run tidings sync now (an open reader downloads them within seconds).\n" {
		t.Errorf("import said %q", out)
	}
	if got := v.subscriptions(); !reflect.DeepEqual(got, want) {
		t.Errorf("after the round trip\n%v\nwant\n%v", got, want)
	}
	again := filepath.Join(v.home, "again.opml")
	v.ok("export", again)
	a, _ := os.ReadFile(exported)
	b, _ := os.ReadFile(again)
	if stripDate(a) != stripDate(b) {
		t.Errorf("the fresh database exports differently:\n%s\n---\n%s", a, b)
	}
}
