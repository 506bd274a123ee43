package cli

import "testing"

// Issue 24, item 10: setting a title back to the feed's own waited for the
// next changed download, because the publisher's title was not kept while
// the user's showed. It shows at once now, the feed's body unchanged and
// no sync in between.
func TestTitleBackToTheFeedsOwnShowsAtOnce(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/a", "rss20.xml")
	id := u.add(srv.URL+"/a", "--title", "Mine")
	u.ok("sync", "--feed", id)
	expectFields(t, "after the first sync", u.feeds()[0], map[string]any{"title": "Mine"})
	u.ok("set", id, "title=Yours")
	u.ok("sync", "--feed", id, "--force") // the same body: nothing parsed
	expectFields(t, "after a second sync", u.feeds()[0], map[string]any{"title": "Yours"})
	u.ok("set", id, "title=")
	expectFields(t, "after title=", u.feeds()[0], map[string]any{"title": "Gopher Notes"})
	u.ok("set", id, "title=Mine again")
	u.ok("set", id, "title=")
	expectFields(t, "after a second title=", u.feeds()[0], map[string]any{"title": "Gopher Notes"})
}

// Issue 24, item 10: 'set X sync=default interval=5' stored an interval
// the feed did not use, and said nothing. Both keys given, they
// contradict each other, as sync=interval interval=0 does: refused in one
// line, exit status 2, nothing changed. An interval alone still implies
// sync=interval (the settings dialog does the same), and interval=0
// beside any sync clears it.
func TestSetIntervalWithSyncDefaultIsRefused(t *testing.T) {
	u := newUser(t)
	srv := newFeedServer(t)
	srv.setFile(t, "/a", "rss20.xml")
	id := u.add(srv.URL + "/a")
	for _, sync := range []string{"default", "manual"} {
		r := u.run("set", id, "sync="+sync, "interval=30")
		want := "tidings: set: interval=30 is used only with sync=interval, not with sync=" + sync +
			" (leave sync out, or give sync=interval)\n"
		if r.code != 2 || r.stderr != want || r.stdout != "" {
			t.Errorf("sync=%s interval=30: exit %d, stderr %q; want 2 and %q", sync, r.code, r.stderr, want)
		}
		expectFields(t, "after the refusal", u.feeds()[0], map[string]any{"sync": "default", "interval_minutes": 1440})
	}
	u.ok("set", id, "interval=30")
	expectFields(t, "after interval=30", u.feeds()[0], map[string]any{"sync": "interval", "interval_minutes": 30})
	u.ok("set", id, "sync=default", "interval=0")
	expectFields(t, "after sync=default interval=0", u.feeds()[0], map[string]any{"sync": "default", "interval_minutes": 1440})
}
