package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/engine/remote/remotetest"
	"github.com/tidings-rss/tidings/store"
)

// ops lists the TT-RSS calls of a sync as "op feed_id view_mode".
func ops(reqs []remotetest.Request) []string {
	var out []string
	for _, r := range reqs {
		if r.Call == nil {
			continue
		}
		s := fmt.Sprint(r.Call["op"])
		if f, ok := r.Call["feed_id"]; ok {
			s += fmt.Sprintf(" %v %v", f, r.Call["view_mode"])
		}
		out = append(out, s)
	}
	return out
}

// countOps counts the calls whose description starts with prefix.
func countOps(list []string, prefix string) int {
	n := 0
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			n++
		}
	}
	return n
}

// withAccountState opens the user's database and hands its account state
// to f, stores what f returns as the cursor.
func withAccountState(t *testing.T, u *user, f func(st *store.Store, a store.RemoteAccount) string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(u.home, "data", "tidings", "tidings.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a, err := st.RemoteAccount(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cursor := f(st, a)
	if cursor != a.Cursor {
		if err := st.RecordRemoteSync(ctx, store.RemoteOutcome{At: *a.LastSyncAt, Cursor: cursor}); err != nil {
			t.Fatal(err)
		}
	}
}

// TT-RSS lists the read and starred state only where the server's counts
// (getCounters) differ from the items held here, and logs in only when
// its kept session expired. A read and a star made on the server show at
// the next sync; a read and an unread that cancel out in one feed, which
// counts cannot tell, show once the last full listing is an hour old
// (ttrssReconcile). An expired session is renewed with one login; the
// session id is in the database only, never in what tidings prints or
// logs.
func TestRemoteTTRSSServerChangesShowDespiteCounts(t *testing.T) {
	fs := remotetest.NewFeedServer(t)
	c := combo{"TT-RSS+ttrss", servers.Get(t, remotetest.TTRSS), remote.TypeTTRSS}
	ctx := context.Background()
	phone := c.phone(t)
	one, two := "Counts one", "Counts two"
	subscribeStories(t, fs, c, one, 4, "Counts")
	subscribeStories(t, fs, c, two, 4, "")
	u, proxy := proxiedUser(t, c, "")
	u.ok("sync")
	onServer := serverItems(t, phone)
	id := func(prefix string, i int) string { return remoteIDOf(t, onServer, storyTitle(prefix, i)) }
	here := func(prefix string, i int) map[string]any { return itemByTitle(t, u.items(), storyTitle(prefix, i)) }
	push := func(ch remote.Change, ids ...string) {
		t.Helper()
		if err := phone.Push(ctx, ch, ids); err != nil {
			t.Fatal(err)
		}
	}
	sync := func() []string {
		t.Helper()
		proxy.Reset()
		if r := u.run("sync"); r.code != 0 || r.stderr != "" {
			t.Fatalf("sync: exit %d, stderr %q", r.code, r.stderr)
		}
		return ops(proxy.Requests())
	}

	// A read in feed one and a star in feed two: feed one's unread
	// articles are listed, and the starred ones; no login.
	push(remote.ChangeRead, id(one, 1))
	push(remote.ChangeStar, id(two, 1))
	calls := sync()
	if here(one, 1)["read"] != true || here(two, 1)["flagged"] != true {
		t.Errorf("a read and a star made on the server: here %v and %v", here(one, 1)["read"], here(two, 1)["flagged"])
	}
	if countOps(calls, "login") != 0 || countOps(calls, "getHeadlines -4 unread") != 0 ||
		countOps(calls, "getHeadlines -1") != 1 || countOps(calls, "getCategories") != 0 {
		t.Errorf("calls %v: want no login, no categories, feed one's unread and the starred listed", calls)
	}
	// An unstar shows too.
	push(remote.ChangeUnstar, id(two, 1))
	sync()
	if here(two, 1)["flagged"] != false {
		t.Error("an unstar made on the server does not show here")
	}

	// A read and an unread in one feed: the counts are the same, so
	// nothing is listed (3 calls) and nothing shows...
	push(remote.ChangeUnread, id(one, 1))
	push(remote.ChangeRead, id(one, 2))
	calls = sync()
	if len(calls) != 3 {
		t.Errorf("a quiet sync by the counts made %v, want 3 calls", calls)
	}
	if here(one, 1)["read"] != true || here(one, 2)["read"] != false {
		t.Fatal("counts that cancel out were seen: the test no longer tests the reconcile bound")
	}
	// ...until the last full listing is an hour old: everything is listed.
	hourAgo := func(s, field string) string {
		t.Helper()
		var v map[string]any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		v[field] = v[field].(float64) - 3600
		b, _ := json.Marshal(v)
		return string(b)
	}
	withAccountState(t, u, func(st *store.Store, a store.RemoteAccount) string {
		cats, err := st.RemoteKept(ctx, a.Account, "ttrss.categories")
		if err != nil || cats == "" {
			t.Fatalf("no categories kept (%v)", err)
		}
		if err := st.KeepRemote(ctx, a.Account, "ttrss.categories", hourAgo(cats, "at")); err != nil {
			t.Fatal(err)
		}
		return hourAgo(a.Cursor, "full")
	})
	calls = sync()
	if here(one, 1)["read"] != false || here(one, 2)["read"] != true {
		t.Errorf("an hour after the last full listing, a read and an unread that cancel out do not show")
	}
	if countOps(calls, "getHeadlines -4 unread") != 1 || countOps(calls, "getCategories") != 1 {
		t.Errorf("calls %v: want every unread article listed and the categories asked again", calls)
	}

	// An expired session: one login, the call again, and the new session
	// kept.
	var sid string
	withAccountState(t, u, func(st *store.Store, a store.RemoteAccount) string {
		var err error
		if sid, err = st.RemoteKept(ctx, a.Account, "ttrss.session"); err != nil || sid == "" {
			t.Fatalf("no session kept (%v)", err)
		}
		if err := st.KeepRemote(ctx, a.Account, "ttrss.session", "0123456789abcdef0123456789"); err != nil {
			t.Fatal(err)
		}
		return a.Cursor
	})
	calls = sync()
	if countOps(calls, "login") != 1 || len(calls) != 5 {
		t.Errorf("with an expired session: %v, want one login and 5 calls", calls)
	}
	calls = sync()
	if countOps(calls, "login") != 0 || len(calls) != 3 {
		t.Errorf("after renewing the session: %v, want 3 calls and no login", calls)
	}
	withAccountState(t, u, func(st *store.Store, a store.RemoteAccount) string {
		sid, _ = st.RemoteKept(ctx, a.Account, "ttrss.session")
		return a.Cursor
	})
	if sid == "" {
		t.Fatal("no session kept")
	}
	for _, f := range filesContaining(t, u.home, sid) {
		if !strings.HasPrefix(filepath.Base(f), "tidings.db") {
			t.Errorf("the session id is in %s", f)
		}
	}
	if r := u.run("sync"); strings.Contains(r.stdout+r.stderr, sid) {
		t.Error("tidings sync prints the session id")
	}
	if fi, err := os.Stat(filepath.Join(u.home, "data", "tidings", "tidings.db")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the database that keeps the session: %v, %v", fi.Mode(), err)
	}
}
