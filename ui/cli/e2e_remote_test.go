package cli

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tidings-rss/tidings/engine/remote"
	"github.com/tidings-rss/tidings/engine/remote/remotetest"
)

// The end-to-end tests of the account run the real binary against the real
// servers (../shared/servers/serve), for each of FreshRSS + greader,
// Miniflux + greader and Miniflux + miniflux. The servers are shared by the
// tests of this package, so each test subscribes feeds of its own.

// storyTitle is an item title with the characters servers like to escape.
func storyTitle(prefix string, i int) string {
	return fmt.Sprintf(`%s %d: "Q&A" 1 < 2 & more`, prefix, i)
}

// serveStories serves a feed of n stories at path and returns its items.
func serveStories(fs *remotetest.FeedServer, path, prefix string, n int) []remotetest.FeedItem {
	items := remotetest.Items(prefix, n, time.Now().Add(-time.Hour))
	for i := range items {
		items[i].Title = storyTitle(prefix, i+1)
	}
	fs.Set(path, remotetest.Feed{Title: "Feed " + prefix, Items: items})
	return items
}

func TestRemoteSyncBringsEveryItemWithExactTitlesInLabelFolders(t *testing.T) {
	fs := remotetest.NewFeedServer(t)
	for _, c := range combos(t) {
		t.Run(c.name, func(t *testing.T) {
			phone := c.phone(t)
			want := map[string]string{} // title → folder
			for i, label := range []string{"News " + c.slug(), "Tech/" + c.slug()} {
				path := fmt.Sprintf("/sync-%s-%d.xml", c.slug(), i)
				for _, it := range serveStories(fs, path, fmt.Sprintf("Sync %s %d", c.slug(), i), 4) {
					want[it.Title] = label
				}
				c.subscribeOn(t, fs.URLOf(path), label)
			}
			u := newUser(t)
			u.useAccount(c, "")
			if r := u.run("sync"); r.code != 0 || r.stderr != "" {
				t.Fatalf("sync: exit %d, stderr %q", r.code, r.stderr)
			}
			folders := map[float64]string{}
			for _, f := range u.feeds() {
				if f["remote"] != true {
					t.Errorf("feed %v is not marked remote", f["url"])
				}
				folders[f["id"].(float64)] = f["folder"].(string)
			}
			got := map[string]string{}
			for _, it := range u.items() {
				got[it["title"].(string)] = folders[it["feed_id"].(float64)]
			}
			for title, label := range want {
				if folder, ok := got[title]; !ok || folder != label {
					t.Errorf("item %q: here %v in folder %q, want folder %q", title, ok, folder, label)
				}
			}
			if n := len(serverItems(t, phone)); n != len(got) {
				t.Errorf("the server holds %d items, tidings %d", n, len(got))
			}
		})
	}
}

func TestRemoteMarksReachTheServerAndAnotherDatabase(t *testing.T) {
	fs := remotetest.NewFeedServer(t)
	ctx := context.Background()
	for _, c := range combos(t) {
		t.Run(c.name, func(t *testing.T) {
			phone := c.phone(t)
			prefix := "Marks " + c.slug()
			subscribeStories(t, fs, c, prefix, 3, "Marks")
			laptop := newUser(t)
			laptop.useAccount(c, "")
			laptop.ok("sync")
			read, flagged, later := storyTitle(prefix, 1), storyTitle(prefix, 2), storyTitle(prefix, 3)
			items := laptop.items()
			laptop.ok("mark", "read", fmt.Sprint(itemByTitle(t, items, read)["id"]))
			laptop.ok("mark", "flag", fmt.Sprint(itemByTitle(t, items, flagged)["id"]))
			laptop.ok("sync")

			onServer := serverItems(t, phone)
			ids := []string{remoteIDOf(t, onServer, read), remoteIDOf(t, onServer, flagged)}
			states, err := phone.States(ctx, ids)
			if err != nil {
				t.Fatal(err)
			}
			if !states[ids[0]].Read || !states[ids[1]].Starred || states[ids[1]].Read {
				t.Fatalf("on the server: %+v", states)
			}

			desktop := newUser(t)
			desktop.useAccount(c, "")
			desktop.ok("sync")
			there := desktop.items()
			if it := itemByTitle(t, there, read); it["read"] != true {
				t.Errorf("the second database does not show %q read", read)
			}
			if it := itemByTitle(t, there, flagged); it["flagged"] != true || it["read"] != false {
				t.Errorf("the second database shows %q as %v/%v, want flagged and unread", flagged, it["flagged"], it["read"])
			}

			if err := phone.Push(ctx, remote.ChangeRead, []string{remoteIDOf(t, onServer, later)}); err != nil {
				t.Fatal(err)
			}
			laptop.ok("sync")
			if it := itemByTitle(t, laptop.items(), later); it["read"] != true {
				t.Errorf("a read made on the server does not show here after sync")
			}
		})
	}
}

func TestRemoteOfflineSyncKeepsEverythingAndPushesLater(t *testing.T) {
	fs := remotetest.NewFeedServer(t)
	ctx := context.Background()
	for _, c := range combos(t) {
		t.Run(c.name, func(t *testing.T) {
			phone := c.phone(t)
			prefix := "Offline " + c.slug()
			subscribeStories(t, fs, c, prefix, 3, "Offline")
			u, proxy := proxiedUser(t, c, "")
			u.ok("sync")
			before := u.items()

			proxy.SetOffline(t, true)
			u.ok("mark", "read", fmt.Sprint(itemByTitle(t, before, storyTitle(prefix, 1))["id"]))
			u.ok("mark", "flag", fmt.Sprint(itemByTitle(t, before, storyTitle(prefix, 2))["id"]))
			r := u.run("sync")
			wantStart := "remote " + proxy.URLFor(c.url()) + ": offline ("
			if r.code != 0 || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, wantStart) ||
				!strings.HasSuffix(r.stderr, "); 2 changes wait to be pushed\n") {
				t.Fatalf("offline sync: exit %d, stderr %q", r.code, r.stderr)
			}
			after := u.items()
			if len(after) != len(before) || itemByTitle(t, after, storyTitle(prefix, 1))["read"] != true {
				t.Fatalf("offline sync lost items or marks: %d items before, %d after", len(before), len(after))
			}

			proxy.SetOffline(t, false)
			if r := u.run("sync"); r.code != 0 || r.stderr != "" {
				t.Fatalf("sync back online: exit %d, stderr %q", r.code, r.stderr)
			}
			onServer := serverItems(t, phone)
			ids := []string{remoteIDOf(t, onServer, storyTitle(prefix, 1)), remoteIDOf(t, onServer, storyTitle(prefix, 2))}
			states, err := phone.States(ctx, ids)
			if err != nil || !states[ids[0]].Read || !states[ids[1]].Starred {
				t.Fatalf("marks made offline on the server: %+v, %v", states, err)
			}
		})
	}
}

func TestRemoteAddAndRemoveActOnTheServer(t *testing.T) {
	fs := remotetest.NewFeedServer(t)
	for _, c := range combos(t) {
		t.Run(c.name, func(t *testing.T) {
			phone := c.phone(t)
			prefix := "Added " + c.slug()
			path := "/added-" + c.slug() + ".xml"
			items := serveStories(fs, path, prefix, 3)
			items[0].Enclosure = "/episode-" + c.slug() + ".mp3"
			fs.Set(path, remotetest.Feed{Title: "Feed " + prefix, Items: items})
			local := "/local-" + c.slug() + ".xml"
			serveStories(fs, local, "Local "+c.slug(), 2)
			u := newUser(t)
			u.useAccount(c, "")
			folder := "Folder " + c.slug()
			if c.typ == remote.TypeFever {
				addLocallyWithFever(t, u, c, fs, fs.URLOf(path), folder)
				return
			}
			if c.server.Name == remotetest.TTRSS {
				c.server.Category(t, folder)
			}
			id := u.add(fs.URLOf(path), "--folder", folder, "--enclosures")
			localID := u.add(fs.URLOf(local), "--local")

			sub, ok := serverFeed(t, phone, fs.URLOf(path))
			if !ok || sub.Label != folder {
				t.Fatalf("on the server: %+v (found %v), want label %q", sub, ok, folder)
			}
			if _, ok := serverFeed(t, phone, fs.URLOf(local)); ok {
				t.Fatal("--local subscribed on the server")
			}
			u.ok("sync")
			remoteFlag := map[string]any{}
			for _, f := range u.feeds() {
				remoteFlag[fmt.Sprint(f["id"])] = f["remote"]
			}
			if remoteFlag[id] != true || remoteFlag[localID] != false {
				t.Errorf("remote flags: %v (remote %s, local %s)", remoteFlag, id, localID)
			}
			got := u.items("--feed", id)
			if len(got) != len(items) {
				t.Fatalf("the new feed has %d items here, want %d", len(got), len(items))
			}
			encs := itemByTitle(t, got, items[0].Title)["enclosures"].([]any)
			if len(encs) != 1 || encs[0].(map[string]any)["status"] != "downloaded" {
				t.Errorf("the remote item's enclosure: %v, want one downloaded", encs)
			}
			if got := u.items("--feed", localID); len(got) != 2 {
				t.Errorf("the local feed has %d items, want 2", len(got))
			}
			u.ok("remove", id)
			if _, ok := serverFeed(t, phone, fs.URLOf(path)); ok {
				t.Fatal("remove left the subscription on the server")
			}
			for _, f := range u.feeds() {
				if fmt.Sprint(f["id"]) == id {
					t.Fatal("remove left the feed here")
				}
			}
		})
	}
}

// addLocallyWithFever adds a feed with a Fever account: Fever cannot
// subscribe, so the feed is subscribed here, as a local feed, with one
// line that says so; the server is not asked.
func addLocallyWithFever(t *testing.T, u *user, c combo, fs *remotetest.FeedServer, url, folder string) {
	t.Helper()
	r := u.run("add", url, "--folder", folder)
	want := "tidings: fever cannot subscribe on the server: " + url + " is a local feed here (subscribe on the server to sync it)\n"
	if r.code != 0 || r.stderr != want {
		t.Fatalf("add with a Fever account: exit %d, stderr %q, want %q", r.code, r.stderr, want)
	}
	id := strings.TrimSpace(r.stdout)
	if _, ok := serverFeed(t, c.phone(t), url); ok {
		t.Fatal("the feed is on the server")
	}
	u.ok("sync")
	for _, f := range u.feeds() {
		if fmt.Sprint(f["id"]) == id && (f["remote"] != false || f["folder"] != folder) {
			t.Errorf("the feed added with a Fever account: %v, want local in %q", f, folder)
		}
	}
	if got := u.items("--feed", id); len(got) != 3 {
		t.Errorf("the local feed has %d items, want 3", len(got))
	}
	u.ok("remove", id)

	// A feed of the account (subscribed on the server) cannot be removed
	// or renamed through Fever: one line each, and it stays.
	onServer := strings.Replace(url, ".xml", "-server.xml", 1)
	serveStories(fs, strings.TrimPrefix(onServer, fs.URL), "Server "+c.slug(), 2)
	c.subscribeOn(t, onServer, "")
	u.ok("sync")
	var remoteID string
	for _, f := range u.feeds() {
		if f["url"] == onServer && f["remote"] == true {
			remoteID = fmt.Sprint(f["id"])
		}
	}
	if remoteID == "" {
		t.Fatalf("the server's subscription %s is not here after sync", onServer)
	}
	for _, args := range [][]string{{"remove", remoteID}, {"set", remoteID, "title=Renamed"}} {
		if r := u.run(args...); r.code != 1 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "Fever cannot") {
			t.Errorf("tidings %v with Fever: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	if _, ok := serverFeed(t, c.phone(t), onServer); !ok {
		t.Error("the subscription left the server")
	}
}

func TestRemoteWrongPasswordIsOneLineAndThePasswordIsNeverShown(t *testing.T) {
	fs := remotetest.NewFeedServer(t)
	for _, c := range combos(t) {
		t.Run(c.name, func(t *testing.T) {
			serveStories(fs, "/pw-local-"+c.slug()+".xml", "Pw local "+c.slug(), 2)
			serveStories(fs, "/pw-"+c.slug()+".xml", "Pw "+c.slug(), 2)
			u := newUser(t)
			var outputs []string
			run := func(args ...string) result {
				r := u.run(args...)
				outputs = append(outputs, r.stdout, r.stderr)
				return r
			}
			const wrong = "not-the-password-4711"
			u.writeConfig(c.accountConfig(c.url(), wrong, "[sync]\nbucket_refill_per_second = 0\n"))
			localID := strings.TrimSpace(run("add", fs.URLOf("/pw-local-"+c.slug()+".xml"), "--local").stdout)
			r := run("sync")
			if want := "remote " + c.url() + ": login refused — check user and password\n"; r.code != 0 || r.stderr != want {
				t.Fatalf("sync with a wrong password: exit %d, stderr %q, want %q", r.code, r.stderr, want)
			}
			if got := u.items("--feed", localID); len(got) != 2 {
				t.Errorf("the local feed did not sync: %d items", len(got))
			}
			if c.typ == remote.TypeFever { // the server is not asked: the feed is added here
				r := run("add", fs.URLOf("/pw-"+c.slug()+".xml"))
				if r.code != 0 || strings.Count(r.stderr, "\n") != 1 {
					t.Errorf("add with a Fever account: exit %d, stderr %q", r.code, r.stderr)
				}
				run("remove", strings.TrimSpace(r.stdout))
			} else if r := run("add", fs.URLOf("/pw-"+c.slug()+".xml")); r.code != 1 || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("add with a wrong password: exit %d, stderr %q", r.code, r.stderr)
			}

			u.useAccount(c, "")
			if c.server.Name == remotetest.TTRSS {
				c.server.Category(t, "Pw")
			}
			id := strings.TrimSpace(run("add", fs.URLOf("/pw-"+c.slug()+".xml"), "--folder", "Pw").stdout)
			rename := []string{"set", id, "title=Renamed " + c.slug()}
			if c.typ == remote.TypeTTRSS { // TT-RSS's API renames nothing: one line says so
				if r := run(rename...); r.code != 1 || strings.Count(r.stderr, "\n") != 1 {
					t.Errorf("rename with TT-RSS: exit %d, stderr %q", r.code, r.stderr)
				}
				rename = []string{"feeds"}
			}
			for _, args := range [][]string{{"sync"}, {"mark", "read", "--feed", id}, {"sync"}, {"feeds", "--json"},
				{"items", "--json"}, rename, {"sync", "--force"}, {"remove", id}, {"config"}} {
				if r := run(args...); r.code != 0 {
					t.Fatalf("tidings %v: exit %d, stderr %q", args, r.code, r.stderr)
				}
			}
			sum := md5.Sum([]byte(c.server.User + ":" + c.server.Password)) // Fever's api_key
			for _, secret := range []string{c.server.Password, wrong, hex.EncodeToString(sum[:])} {
				for _, out := range outputs {
					if strings.Contains(out, secret) {
						t.Fatalf("the password appears in the output: %q", out)
					}
				}
				if files := filesContaining(t, u.home+"/data", secret); len(files) > 0 {
					t.Fatalf("the password is written in %v", files)
				}
			}
		})
	}
}
