package cli

import (
	"fmt"
	"strings"
	"testing"
)

func TestEveryCommandHasHelp(t *testing.T) {
	u := newUser(t)
	for _, cmd := range [][]string{{}, {"sync"}, {"add"}, {"remove"}, {"set"}, {"import"}, {"export"},
		{"feeds"}, {"items"}, {"mark"}, {"config"}, {"man"}} {
		args := append(cmd, "--help")
		r := u.run(args...)
		if r.code != 0 || !strings.Contains(r.stdout, "Usage:") {
			t.Errorf("tidings %s: exit %d, stdout %q", strings.Join(args, " "), r.code, r.stdout)
		}
	}
}

func TestMarkReadByFeedAndUnreadFilter(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/a", "rss20.xml")
	srv.setFile(t, "/b", "atom10.xml")
	a, b := u.add(srv.URL+"/a"), u.add(srv.URL+"/b")
	u.ok("sync", "--force")
	u.ok("mark", "read", "--feed", a)
	if got := len(u.items("--feed", a, "--unread")); got != 0 {
		t.Fatalf("%d unread items in feed %s after mark read --feed", got, a)
	}
	unread := u.items("--unread")
	if len(unread) != 4 {
		t.Fatalf("%d unread items overall, want feed %s's 4", len(unread), b)
	}
	for _, it := range unread {
		if fmt.Sprint(it["feed_id"]) != b {
			t.Fatalf("unread item of feed %v", it["feed_id"])
		}
	}
	if got := u.items("--limit", "2"); len(got) != 2 {
		t.Fatalf("--limit 2 gave %d items", len(got))
	}
	id := fmt.Sprint(unread[0]["id"])
	u.ok("mark", "flag", id)
	u.ok("mark", "unread", id)
	it := u.items("--feed", b)[0]
	if fmt.Sprint(it["id"]) != id || it["flagged"] != true || it["read"] != false {
		t.Fatalf("item %s after flag and unread: %v", id, it)
	}
	u.ok("mark", "unflag", id)
	if it := u.items("--feed", b)[0]; it["flagged"] != false {
		t.Fatalf("item %s still flagged", id)
	}
}

func TestSetChangesSettingsAndRemoveUnsubscribes(t *testing.T) {
	t.Parallel() // its own user, servers and processes: seconds of waiting on them
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/a", "rss20.xml")
	id := u.add(srv.URL+"/a", "--interval", "5", "--title", "Mine")
	f := u.feeds()[0]
	expectFields(t, "after add", f, map[string]any{"sync": "interval", "interval_minutes": 15, "title": "Mine"})
	u.ok("set", id, "sync=manual", "max-items=10", "enclosures=on", "folder=Blogs/Go", "title=")
	u.ok("sync", "--feed", id)
	f = u.feeds()[0]
	expectFields(t, "after set", f, map[string]any{"sync": "manual", "max_items": 10, "download_enclosures": true,
		"folder": "Blogs/Go", "title": "Gopher Notes"})
	u.ok("remove", srv.URL+"/a")
	if len(u.feeds()) != 0 || len(u.items()) != 0 {
		t.Fatal("remove left the feed or its items")
	}
}

// 'tidings set' and the reader's settings share one check: an interval
// under the minimum is raised to it, stored, and said in one line (the
// reader's twin is TestSettingsIntervalBelowMinimumIsRaised in ui); a
// maximum over the limit is lowered the same way.
func TestSetIntervalBelowMinimumIsRaised(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/a", "rss20.xml")
	id := u.add(srv.URL + "/a")
	r := u.run("set", id, "interval=5", "max-items=9999")
	if r.code != 0 {
		t.Fatalf("set: exit %d, stderr %q", r.code, r.stderr)
	}
	want := "tidings: interval 5 raised to the minimum, 15 minutes\n" +
		"tidings: max items 9999 lowered to the maximum, 2500 items\n"
	if r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	expectFields(t, "after set", u.feeds()[0], map[string]any{"sync": "interval", "interval_minutes": 15, "max_items": 2500})
}

// The first add says, on stderr, how often feeds refresh by default and
// where to change it; stdout stays the id alone, and later adds say
// nothing of it.
func TestFirstAddSaysHowOftenFeedsRefresh(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/a", "rss20.xml")
	srv.setFile(t, "/b", "atom10.xml")
	r := u.run("add", srv.URL+"/a")
	id := strings.TrimSpace(r.stdout)
	want := "Feeds refresh once a day by default: default_interval in the configuration changes that, and tidings set " +
		id + " interval=N (in minutes) changes one feed.\n"
	if r.code != 0 || strings.Count(r.stdout, "\n") != 1 || r.stderr != want {
		t.Fatalf("first add: exit %d, stdout %q, stderr %q, want %q", r.code, r.stdout, r.stderr, want)
	}
	if r := u.run("add", srv.URL+"/b"); r.code != 0 || r.stderr != "" {
		t.Errorf("second add: exit %d, stderr %q", r.code, r.stderr)
	}
}
