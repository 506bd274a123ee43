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
