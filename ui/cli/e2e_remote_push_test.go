package cli

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/engine/remote/remotetest"
	"github.com/tidings-rss/tidings/store"
)

// isPush reports whether a request pushes marks.
func isPush(r remotetest.Request) bool {
	return strings.HasSuffix(r.Path, "/edit-tag") || r.Method == "PUT" && strings.HasSuffix(r.Path, "/v1/entries") ||
		r.Change != "" // TT-RSS's updateArticle, Fever's mark=item
}

// pushRequests counts the requests of a push: the marks and the action
// token they need.
func pushRequests(reqs []remotetest.Request) int {
	n := 0
	for _, r := range reqs {
		if isPush(r) || strings.HasSuffix(r.Path, "/reader/api/0/token") {
			n++
		}
	}
	return n
}

// TestRemoteRequestCounts counts, with a proxy, the requests of a quiet sync
// of 1,000 unread items (at most 6 over the Google Reader API, login
// included, 3 over Miniflux's, 5 over Fever, 3 over TT-RSS's: getFeeds,
// the new articles, getCounters, with the session kept from the sync
// before and no listing of states when the counts are what tidings holds)
// and of a
// sync pushing 1,000 marks (at most 10 for the push; Fever marks one item
// a request: 1,000).
// Each server is fresh so that nothing else is on the account; the
// pairings on one server share its feeds, made unread again in between.
func TestRemoteRequestCounts(t *testing.T) {
	t.Parallel() // servers of its own, seconds of starting them
	fs := remotetest.NewFeedServer(t)
	fresh := remotetest.Up(t, remotetest.FreshRSS)
	mini := remotetest.Up(t, remotetest.Miniflux)
	tt := remotetest.Up(t, remotetest.TTRSS)
	ctx := context.Background()
	subscribed := map[string]bool{}
	for _, tc := range []struct {
		c           combo
		quiet, push int
	}{
		{combo{"FreshRSS+greader", fresh, remote.TypeGReader}, 6, 10},
		{combo{"FreshRSS+fever", fresh, remote.TypeFever}, 5, 1000},
		{combo{"Miniflux+greader", mini, remote.TypeGReader}, 6, 10},
		{combo{"Miniflux+miniflux", mini, remote.TypeMiniflux}, 3, 10},
		{combo{"Miniflux+fever", mini, remote.TypeFever}, 5, 1000},
		{combo{"TT-RSS+ttrss", tt, remote.TypeTTRSS}, 3, 10},
	} {
		c := tc.c
		t.Run(c.name, func(t *testing.T) {
			admin := c.admin(t)
			if !subscribed[c.server.Name] {
				subscribed[c.server.Name] = true
				for i := range 5 {
					subscribeStories(t, fs, c, fmt.Sprintf("Count %s %d", c.server.Name, i), 200, "Count")
				}
			}
			u, proxy := proxiedUser(t, c, "max_items = 2500\n")
			u.ok("sync")
			if n := len(u.items()); n != 1000 {
				t.Fatalf("first sync brought %d items, want 1000", n)
			}
			proxy.Reset()
			u.ok("sync")
			quiet := proxy.Forwarded()
			t.Logf("%s: quiet sync %d requests", c.name, quiet)
			if quiet > tc.quiet {
				t.Errorf("a quiet sync made %d requests, want at most %d: %v", quiet, tc.quiet, paths(proxy.Requests()))
			}

			for _, f := range u.feeds() {
				u.ok("mark", "read", "--feed", fmt.Sprint(f["id"]))
			}
			proxy.Reset()
			u.ok("sync")
			pushes, total := pushRequests(proxy.Requests()), proxy.Forwarded()
			t.Logf("%s: pushing 1000 marks took %d requests (%d in the whole sync)", c.name, pushes, total)
			if pushes > tc.push {
				t.Errorf("pushing 1000 marks made %d requests, want at most %d: %v", pushes, tc.push, paths(proxy.Requests()))
			}
			if unread := serverUnread(t, c.phone(t)); unread != 0 {
				t.Errorf("%d items still unread on the server after the push", unread)
			}
			// Unread again for the next pairing on the same server.
			var ids []string
			for _, it := range serverItems(t, admin) {
				ids = append(ids, it.ID)
			}
			for start := 0; start < len(ids); start += admin.PushLimit() {
				if err := admin.Push(ctx, remote.ChangeUnread, ids[start:min(start+admin.PushLimit(), len(ids))]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// serverUnread counts the account's unread items on the server.
func serverUnread(t *testing.T, s remote.Service) int {
	t.Helper()
	n := 0
	for _, it := range serverItems(t, s) {
		if !it.State.Read {
			n++
		}
	}
	return n
}

func paths(reqs []remotetest.Request) []string {
	var out []string
	for _, r := range reqs {
		s := r.Method + " " + r.Path
		if r.Call != nil {
			s += fmt.Sprintf(" %v feed_id=%v view_mode=%v", r.Call["op"], r.Call["feed_id"], r.Call["view_mode"])
		}
		out = append(out, s)
	}
	return out
}

// TestRemoteKilledPushReachesTheServerExactlyOnce kills 'tidings sync'
// (SIGKILL) while its push waits on the server — held by a proxy before
// the server saw it, or after the server applied it but before the answer
// came back — then syncs again: every change is on the server, each was
// carried to the server by exactly one request, and the journal is empty.
func TestRemoteKilledPushReachesTheServerExactlyOnce(t *testing.T) {
	fs := remotetest.NewFeedServer(t)
	ctx := context.Background()
	for _, c := range combos(t) {
		for _, phase := range []struct {
			name  string
			phase remotetest.Phase
		}{{"before the server", remotetest.BeforeServer}, {"after the server", remotetest.AfterServer}} {
			t.Run(c.name+"/"+phase.name, func(t *testing.T) {
				phone := c.phone(t)
				prefix := fmt.Sprintf("Kill %s %d", c.slug(), phase.phase)
				subscribeStories(t, fs, c, prefix, 4, "Kill")
				u, proxy := proxiedUser(t, c, "")
				u.ok("sync")
				items := u.items()
				for i := 1; i <= 3; i++ {
					u.ok("mark", "read", fmt.Sprint(itemByTitle(t, items, storyTitle(prefix, i))["id"]))
				}
				u.ok("mark", "flag", fmt.Sprint(itemByTitle(t, items, storyTitle(prefix, 4))["id"]))

				held := proxy.Hold(isPush, phase.phase)
				killWhileHeld(t, u, held)
				if r := u.run("sync"); r.code != 0 || r.stderr != "" {
					t.Fatalf("sync after the kill: exit %d, stderr %q", r.code, r.stderr)
				}

				onServer := serverItems(t, phone)
				var ids []string
				for i := 1; i <= 4; i++ {
					ids = append(ids, remoteIDOf(t, onServer, storyTitle(prefix, i)))
				}
				states, err := phone.States(ctx, ids)
				if err != nil {
					t.Fatal(err)
				}
				for i, id := range ids[:3] {
					if !states[id].Read {
						t.Errorf("item %d is not read on the server", i+1)
					}
				}
				if !states[ids[3]].Starred {
					t.Error("item 4 is not starred on the server")
				}
				carried := map[string]int{}
				for _, r := range proxy.Requests() {
					if isPush(r) && r.Forwarded {
						for _, id := range r.IDs {
							carried[r.Change+" "+normalID(id)]++
						}
					}
				}
				if len(carried) != 4 {
					t.Errorf("changes carried to the server: %v, want 4", carried)
				}
				for change, n := range carried {
					if n != 1 {
						t.Errorf("%s reached the server %d times", change, n)
					}
				}
				if pending := pendingChanges(t, u); pending != 0 {
					t.Errorf("%d changes still in the journal", pending)
				}
			})
		}
	}
}

// killWhileHeld starts 'tidings sync', waits until the proxy holds its
// push, and kills it.
func killWhileHeld(t *testing.T, u *user, held <-chan struct{}) {
	t.Helper()
	cmd := exec.Command(binPath, "sync")
	cmd.Env = u.env
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-held:
	case err := <-exited:
		t.Fatalf("sync ended (%v) before its push was held: %s", err, errb.String())
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("the push was never held")
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-exited
}

// normalID gives an item id of either form of the Google Reader API (or
// Miniflux's) in one form.
func normalID(id string) string {
	if hex, ok := strings.CutPrefix(id, "tag:google.com,2005:reader/item/"); ok {
		var n uint64
		fmt.Sscanf(hex, "%x", &n)
		return fmt.Sprint(int64(n))
	}
	return id
}

// pendingChanges reads the user's journal from the database.
func pendingChanges(t *testing.T, u *user) int {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(u.home, "data", "tidings", "tidings.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a, err := st.RemoteAccount(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return a.Pending
}
